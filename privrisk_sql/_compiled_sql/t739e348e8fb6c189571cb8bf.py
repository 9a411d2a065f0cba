from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'kanon/sensitive_class_stats.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_relation = resolve('relation')
    l_0_qids = resolve('qids')
    l_0_sensitive = resolve('sensitive')
    l_0_q = resolve('q')
    l_0_t = resolve('t')
    l_0_exclude_null_qids = resolve('exclude_null_qids')
    l_0_fn = resolve('fn')
    l_0_privrisk_sensitive_classes = l_0_m = missing
    pass
    included_template = environment.get_template('privrisk_shared.sql', 'kanon/sensitive_class_stats.sql.j2')._get_default_module(context)
    l_0_privrisk_sensitive_classes = getattr(included_template, 'privrisk_sensitive_classes', missing)
    if l_0_privrisk_sensitive_classes is missing:
        l_0_privrisk_sensitive_classes = undefined(f"the template {included_template.__name__!r} (imported on line 5 in 'kanon/sensitive_class_stats.sql.j2') does not export the requested name 'privrisk_sensitive_classes'", name='privrisk_sensitive_classes')
    context.vars['privrisk_sensitive_classes'] = l_0_privrisk_sensitive_classes
    context.exported_vars.discard('privrisk_sensitive_classes')
    l_0_m = context.vars['m'] = environment.get_template('_macros.sql.j2', 'kanon/sensitive_class_stats.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    yield 'SELECT MIN(distinct_values) AS l, MAX(alpha) AS alpha, MIN(entropy) AS min_entropy, MAX(beta) AS beta,\n       MAX(delta) AS delta, MAX(emd_equal) AS emd_equal, MIN(min_p) AS min_p\nFROM (\n'
    yield str(context.call((undefined(name='privrisk_sensitive_classes') if l_0_privrisk_sensitive_classes is missing else l_0_privrisk_sensitive_classes), (undefined(name='relation') if l_0_relation is missing else l_0_relation), (undefined(name='qids') if l_0_qids is missing else l_0_qids), (undefined(name='sensitive') if l_0_sensitive is missing else l_0_sensitive), (undefined(name='q') if l_0_q is missing else l_0_q), environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'), (context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'qids_not_null'), (undefined(name='qids') if l_0_qids is missing else l_0_qids)) if (undefined(name='exclude_null_qids') if l_0_exclude_null_qids is missing else l_0_exclude_null_qids) else None), window_value=environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'window_key')))
    yield '\n) privrisk_classes'

blocks = {}
debug_info = '5=19&6=25&10=28'