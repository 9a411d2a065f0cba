from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'kanon/classes_below_l.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_qids = resolve('qids')
    l_0_t = resolve('t')
    l_0_relation = resolve('relation')
    l_0_sensitive = resolve('sensitive')
    l_0_q = resolve('q')
    l_0_fn = resolve('fn')
    l_0_l = resolve('l')
    l_0_privrisk_sensitive_classes = missing
    try:
        t_1 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_2 = environment.filters['literal']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'literal' found.")
    try:
        t_3 = environment.filters['map']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'map' found.")
    pass
    included_template = environment.get_template('privrisk_shared.sql', 'kanon/classes_below_l.sql.j2')._get_default_module(context)
    l_0_privrisk_sensitive_classes = getattr(included_template, 'privrisk_sensitive_classes', missing)
    if l_0_privrisk_sensitive_classes is missing:
        l_0_privrisk_sensitive_classes = undefined(f"the template {included_template.__name__!r} (imported on line 3 in 'kanon/classes_below_l.sql.j2') does not export the requested name 'privrisk_sensitive_classes'", name='privrisk_sensitive_classes')
    context.vars['privrisk_sensitive_classes'] = l_0_privrisk_sensitive_classes
    context.exported_vars.discard('privrisk_sensitive_classes')
    yield 'SELECT '
    yield str(t_1(context.eval_ctx, t_3(context, (undefined(name='qids') if l_0_qids is missing else l_0_qids), 'quote'), ', '))
    yield ', CAST(class_size AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'bigint'))
    yield ') AS class_size, distinct_values FROM (\n'
    yield str(context.call((undefined(name='privrisk_sensitive_classes') if l_0_privrisk_sensitive_classes is missing else l_0_privrisk_sensitive_classes), (undefined(name='relation') if l_0_relation is missing else l_0_relation), (undefined(name='qids') if l_0_qids is missing else l_0_qids), (undefined(name='sensitive') if l_0_sensitive is missing else l_0_sensitive), (undefined(name='q') if l_0_q is missing else l_0_q), environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'), window_value=environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'window_key')))
    yield '\n) privrisk_classes\nWHERE distinct_values < '
    yield str(t_2(context, (undefined(name='l') if l_0_l is missing else l_0_l)))

blocks = {}
debug_info = '3=37&5=44&6=48&8=50'