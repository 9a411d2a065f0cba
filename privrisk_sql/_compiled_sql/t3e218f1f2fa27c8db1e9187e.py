from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'kanon/recursive_c.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_qids = resolve('qids')
    l_0_relation = resolve('relation')
    l_0_exclude_null_qids = resolve('exclude_null_qids')
    l_0_sensitive = resolve('sensitive')
    l_0_t = resolve('t')
    l_0_l = resolve('l')
    l_0_m = missing
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
    try:
        t_4 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    l_0_m = context.vars['m'] = environment.get_template('_macros.sql.j2', 'kanon/recursive_c.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    yield 'WITH class_value AS (\n  SELECT '
    yield str(t_1(context.eval_ctx, t_3(context, (undefined(name='qids') if l_0_qids is missing else l_0_qids), 'quote'), ', '))
    yield ', COUNT(*) AS c\n  FROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))
    yield '\n'
    if (undefined(name='exclude_null_qids') if l_0_exclude_null_qids is missing else l_0_exclude_null_qids):
        pass
        yield '  WHERE '
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'qids_not_null'), (undefined(name='qids') if l_0_qids is missing else l_0_qids)))
        yield '\n\n'
    yield '  GROUP BY '
    yield str(t_1(context.eval_ctx, t_3(context, (undefined(name='qids') if l_0_qids is missing else l_0_qids), 'quote'), ', '))
    yield ', '
    yield str(t_4(context, (undefined(name='sensitive') if l_0_sensitive is missing else l_0_sensitive)))
    yield '\n),\nranked AS (\n  SELECT '
    yield str(t_1(context.eval_ctx, t_3(context, (undefined(name='qids') if l_0_qids is missing else l_0_qids), 'quote'), ', '))
    yield ', c,\n    ROW_NUMBER() OVER (PARTITION BY '
    l_1_loop = missing
    for l_1_c, l_1_loop in LoopContext((undefined(name='qids') if l_0_qids is missing else l_0_qids), undefined):
        l_1_fn = resolve('fn')
        _loop_vars = {}
        pass
        yield str(context.call(environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'window_key'), t_4(context, l_1_c), _loop_vars=_loop_vars))
        yield str((', ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 16 in 'kanon/recursive_c.sql.j2' evaluated to false and no else section was defined.")))
    l_1_loop = l_1_c = l_1_fn = missing
    yield ' ORDER BY c DESC) AS rank_desc\n  FROM class_value\n)\nSELECT MAX(FLOOR(CAST(top_count AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
    yield ') / tail_sum) + 1) AS c\nFROM (\n  SELECT MAX(c) AS top_count, SUM(CASE WHEN rank_desc >= '
    yield str(t_2(context, (undefined(name='l') if l_0_l is missing else l_0_l)))
    yield ' THEN c ELSE 0 END) AS tail_sum\n  FROM ranked\n  GROUP BY '
    yield str(t_1(context.eval_ctx, t_3(context, (undefined(name='qids') if l_0_qids is missing else l_0_qids), 'quote'), ', '))
    yield '\n) per_class'

blocks = {}
debug_info = '4=42&6=45&7=47&8=49&9=52&12=55&15=59&16=62&19=70&21=72&23=74'