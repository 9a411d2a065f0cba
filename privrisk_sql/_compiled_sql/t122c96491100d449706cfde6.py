from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'kanon/t_closeness_ordered.sql.j2'

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
    l_0_fn = resolve('fn')
    l_0_t = resolve('t')
    l_0_order = resolve('order')
    l_0_exclude_null_qids = resolve('exclude_null_qids')
    l_0_privrisk_ordered_classes = l_0_m = missing
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    included_template = environment.get_template('privrisk_shared.sql', 'kanon/t_closeness_ordered.sql.j2')._get_default_module(context)
    l_0_privrisk_ordered_classes = getattr(included_template, 'privrisk_ordered_classes', missing)
    if l_0_privrisk_ordered_classes is missing:
        l_0_privrisk_ordered_classes = undefined(f"the template {included_template.__name__!r} (imported on line 4 in 'kanon/t_closeness_ordered.sql.j2') does not export the requested name 'privrisk_ordered_classes'", name='privrisk_ordered_classes')
    context.vars['privrisk_ordered_classes'] = l_0_privrisk_ordered_classes
    context.exported_vars.discard('privrisk_ordered_classes')
    l_0_m = context.vars['m'] = environment.get_template('_macros.sql.j2', 'kanon/t_closeness_ordered.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    yield 'SELECT MAX(t) AS t FROM (\n'
    yield str(context.call((undefined(name='privrisk_ordered_classes') if l_0_privrisk_ordered_classes is missing else l_0_privrisk_ordered_classes), (undefined(name='relation') if l_0_relation is missing else l_0_relation), (undefined(name='qids') if l_0_qids is missing else l_0_qids), (undefined(name='sensitive') if l_0_sensitive is missing else l_0_sensitive), (undefined(name='q') if l_0_q is missing else l_0_q), environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'with_value_ids'), environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'), (context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'place_in_order'), t_1(context, (undefined(name='sensitive') if l_0_sensitive is missing else l_0_sensitive)), (undefined(name='order') if l_0_order is missing else l_0_order)) if (undefined(name='order') if l_0_order is missing else l_0_order) else None), (context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'qids_not_null'), (undefined(name='qids') if l_0_qids is missing else l_0_qids)) if (undefined(name='exclude_null_qids') if l_0_exclude_null_qids is missing else l_0_exclude_null_qids) else None), window_value=environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'window_key')))
    yield '\n) privrisk_classes'

blocks = {}
debug_info = '4=26&5=32&7=35'