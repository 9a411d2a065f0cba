from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mpuccs/coded_rows.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_fn = resolve('fn')
    l_0_target = resolve('target')
    l_0_columns = resolve('columns')
    l_0_syn = resolve('syn')
    l_0_ori = resolve('ori')
    l_0_side_offset = resolve('side_offset')
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
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'create_temp_table_as'), (undefined(name='target') if l_0_target is missing else l_0_target)))
    yield '\nWITH both_sides AS (\n  SELECT 0 AS side, rid, '
    yield str(t_1(context.eval_ctx, t_3(context, (undefined(name='columns') if l_0_columns is missing else l_0_columns), 'quote'), ', '))
    yield ' FROM '
    yield str(t_4(context, (undefined(name='syn') if l_0_syn is missing else l_0_syn)))
    yield '\n  UNION ALL\n  SELECT 1 AS side, rid, '
    yield str(t_1(context.eval_ctx, t_3(context, (undefined(name='columns') if l_0_columns is missing else l_0_columns), 'quote'), ', '))
    yield ' FROM '
    yield str(t_4(context, (undefined(name='ori') if l_0_ori is missing else l_0_ori)))
    yield '\n),\nfirst_sides AS (\n  SELECT side, rid,\n'
    l_1_loop = missing
    for l_1_c, l_1_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
        _loop_vars = {}
        pass
        yield '    '
        yield str(t_4(context, l_1_c))
        yield ', MIN(side) OVER (PARTITION BY '
        yield str(t_4(context, l_1_c))
        yield ') AS '
        yield str(t_4(context, str_join(('first_side_', l_1_c, ))))
        yield str((',' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 17 in 'mpuccs/coded_rows.sql.j2' evaluated to false and no else section was defined.")))
        yield '\n'
    l_1_loop = l_1_c = missing
    yield '  FROM both_sides\n)\nSELECT\n  side,\n  rid,\n  rid + side * '
    yield str(t_2(context, (undefined(name='side_offset') if l_0_side_offset is missing else l_0_side_offset)))
    yield ' AS side_rid,\n'
    l_1_loop = missing
    for l_1_c, l_1_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
        l_1_t = resolve('t')
        _loop_vars = {}
        pass
        yield '  CASE WHEN '
        yield str(t_4(context, l_1_c))
        yield ' IS NULL THEN 0 ELSE CAST(DENSE_RANK() OVER (\n    ORDER BY '
        yield str(t_4(context, l_1_c))
        yield ' IS NULL, '
        yield str(t_4(context, str_join(('first_side_', l_1_c, ))))
        yield ', '
        yield str(t_4(context, l_1_c))
        yield ') AS '
        yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'bigint'))
        yield ') END AS '
        yield str(t_4(context, l_1_c))
        yield str((',' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 27 in 'mpuccs/coded_rows.sql.j2' evaluated to false and no else section was defined.")))
        yield '\n'
    l_1_loop = l_1_c = l_1_t = missing
    yield 'FROM first_sides'

blocks = {}
debug_info = '8=41&10=43&12=47&16=52&17=56&24=65&25=68&26=73&27=75'