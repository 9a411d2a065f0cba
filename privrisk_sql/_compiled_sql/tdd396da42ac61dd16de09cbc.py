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
    l_0_m = missing
    try:
        t_1 = environment.filters['literal']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'literal' found.")
    try:
        t_2 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    l_0_m = context.vars['m'] = environment.get_template('_macros.sql.j2', 'mpuccs/syn_unique_ori_matches_by_grouping_sets.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    yield 'INSERT INTO '
    yield str(t_2(context, (undefined(name='target') if l_0_target is missing else l_0_target)))
    yield ' (syn_rid, combo_size, first_match)\nSELECT syn_rid, '
    yield str(t_1(context, (undefined(name='size') if l_0_size is missing else l_0_size)))
    yield ', MIN(packed_match)\nFROM (\n  SELECT lo AS syn_rid,\n    CAST('
    yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'grouping_set_combo'), (undefined(name='grouping') if l_0_grouping is missing else l_0_grouping)))
    yield ' AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'bigint'))
    yield ') * '
    yield str(t_1(context, (undefined(name='radix') if l_0_radix is missing else l_0_radix)))
    yield ' + (hi - '
    yield str(t_1(context, (undefined(name='side_offset') if l_0_side_offset is missing else l_0_side_offset)))
    yield ') AS packed_match\n  FROM (\n    SELECT '
    yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'grouping_set_id'), (undefined(name='grouping') if l_0_grouping is missing else l_0_grouping)))
    yield ' AS grouping_set, MIN(side_rid) AS lo, MAX(side_rid) AS hi\n    FROM '
    yield str(t_2(context, (undefined(name='coded') if l_0_coded is missing else l_0_coded)))
    yield '\n    '
    yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'grouping_sets_group_by'), (undefined(name='grouping') if l_0_grouping is missing else l_0_grouping)))
    yield '\n    HAVING COUNT(*) = 2\n  ) pairs\n  WHERE lo < '
    yield str(t_1(context, (undefined(name='side_offset') if l_0_side_offset is missing else l_0_side_offset)))
    yield ' AND hi >= '
    yield str(t_1(context, (undefined(name='side_offset') if l_0_side_offset is missing else l_0_side_offset)))
    yield '\n) batch_matches\nGROUP BY syn_rid'

blocks = {}
debug_info = '6=31&7=34&8=36&11=38&13=46&14=48&15=50&18=52'