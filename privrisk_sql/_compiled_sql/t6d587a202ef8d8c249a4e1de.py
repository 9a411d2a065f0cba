from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mpuccs/syn_unique_ori_matches_by_grouping_sets.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_target = resolve('target')
    l_0_size = resolve('size')
    l_0_grouping = resolve('grouping')
    l_0_t = resolve('t')
    l_0_radix = resolve('radix')
    l_0_side_offset = resolve('side_offset')
    l_0_coded = resolve('coded')
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
    yield 'INSERT INTO '
    yield str(t_4(context, (undefined(name='target') if l_0_target is missing else l_0_target)))
    yield ' (syn_rid, combo_size, first_match)\nSELECT syn_rid, '
    yield str(t_2(context, (undefined(name='size') if l_0_size is missing else l_0_size)))
    yield ', MIN(packed_match)\nFROM (\n  SELECT lo AS syn_rid,\n    CAST(CASE grouping_set '
    for (l_1_gid, l_1_combo) in environment.getattr((undefined(name='grouping') if l_0_grouping is missing else l_0_grouping), 'ids'):
        _loop_vars = {}
        pass
        yield 'WHEN '
        yield str(t_2(context, l_1_gid))
        yield ' THEN '
        yield str(t_2(context, l_1_combo))
        yield ' '
    l_1_gid = l_1_combo = missing
    yield 'END AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'bigint'))
    yield ') * '
    yield str(t_2(context, (undefined(name='radix') if l_0_radix is missing else l_0_radix)))
    yield ' + (hi - '
    yield str(t_2(context, (undefined(name='side_offset') if l_0_side_offset is missing else l_0_side_offset)))
    yield ') AS packed_match\n  FROM (\n    SELECT GROUPING_ID('
    yield str(t_1(context.eval_ctx, t_3(context, environment.getattr((undefined(name='grouping') if l_0_grouping is missing else l_0_grouping), 'columns'), 'quote'), ', '))
    yield ') AS grouping_set, MIN(side_rid) AS lo, MAX(side_rid) AS hi\n    FROM '
    yield str(t_4(context, (undefined(name='coded') if l_0_coded is missing else l_0_coded)))
    yield '\n    GROUP BY '
    yield str(t_1(context.eval_ctx, t_3(context, environment.getattr((undefined(name='grouping') if l_0_grouping is missing else l_0_grouping), 'columns'), 'quote'), ', '))
    yield ' GROUPING SETS ('
    l_1_loop = missing
    for l_1_s, l_1_loop in LoopContext(environment.getattr((undefined(name='grouping') if l_0_grouping is missing else l_0_grouping), 'sets'), undefined):
        _loop_vars = {}
        pass
        yield '('
        yield str(t_1(context.eval_ctx, t_3(context, l_1_s, 'quote'), ', '))
        yield ')'
        yield str((', ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 14 in 'mpuccs/syn_unique_ori_matches_by_grouping_sets.sql.j2' evaluated to false and no else section was defined.")))
    l_1_loop = l_1_s = missing
    yield ')\n    HAVING COUNT(*) = 2\n  ) pairs\n  WHERE lo < '
    yield str(t_2(context, (undefined(name='side_offset') if l_0_side_offset is missing else l_0_side_offset)))
    yield ' AND hi >= '
    yield str(t_2(context, (undefined(name='side_offset') if l_0_side_offset is missing else l_0_side_offset)))
    yield '\n) batch_matches\nGROUP BY syn_rid'

blocks = {}
debug_info = '6=43&7=45&10=47&12=63&13=65&14=67&17=79'