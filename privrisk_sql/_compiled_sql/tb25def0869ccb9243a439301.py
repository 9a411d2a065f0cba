from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mpuccs/syn_unique_ori_matches.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_target = resolve('target')
    l_0_size = resolve('size')
    l_0_combos = resolve('combos')
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
    l_0_m = context.vars['m'] = environment.get_template('_macros.sql.j2', 'mpuccs/syn_unique_ori_matches.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    yield 'INSERT INTO '
    yield str(t_2(context, (undefined(name='target') if l_0_target is missing else l_0_target)))
    yield ' (syn_rid, combo_size, first_match)\nSELECT syn_rid, '
    yield str(t_1(context, (undefined(name='size') if l_0_size is missing else l_0_size)))
    yield ', MIN(packed_match)\nFROM (\n'
    l_1_loop = missing
    for l_1_combo, l_1_loop in LoopContext((undefined(name='combos') if l_0_combos is missing else l_0_combos), undefined):
        l_1_t = resolve('t')
        l_1_radix = resolve('radix')
        l_1_coded = resolve('coded')
        l_1_side_offset = resolve('side_offset')
        _loop_vars = {}
        pass
        if environment.getattr(l_1_combo, 'singleton_if_null'):
            pass
            yield '  SELECT rid AS syn_rid, CAST('
            yield str(t_1(context, environment.getattr(l_1_combo, 'id')))
            yield ' AS '
            yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'bigint'))
            yield ') * '
            yield str(t_1(context, (undefined(name='radix') if l_1_radix is missing else l_1_radix)))
            yield ' + ori_rid AS packed_match\n  FROM (\n    SELECT side, rid,\n      COUNT(*) OVER (PARTITION BY side, '
            yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'group_keys'), l_1_combo, _loop_vars=_loop_vars))
            yield ') AS own_group_size,\n      SUM(side) OVER (PARTITION BY '
            yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'plain_key'), l_1_combo, _loop_vars=_loop_vars))
            yield ') AS n_ori,\n      MIN(CASE WHEN side = 1 THEN rid END) OVER (PARTITION BY '
            yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'plain_key'), l_1_combo, _loop_vars=_loop_vars))
            yield ') AS ori_rid\n    FROM '
            yield str(t_2(context, (undefined(name='coded') if l_1_coded is missing else l_1_coded)))
            yield '\n  ) counted_'
            yield str(environment.getattr(l_1_loop, 'index0'))
            yield '\n  WHERE side = 0 AND own_group_size = 1 AND n_ori = 1\n'
        else:
            pass
            yield '  SELECT lo AS syn_rid, CAST('
            yield str(t_1(context, environment.getattr(l_1_combo, 'id')))
            yield ' AS '
            yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'bigint'))
            yield ') * '
            yield str(t_1(context, (undefined(name='radix') if l_1_radix is missing else l_1_radix)))
            yield ' + (hi - '
            yield str(t_1(context, (undefined(name='side_offset') if l_1_side_offset is missing else l_1_side_offset)))
            yield ') AS packed_match\n  FROM (\n    SELECT MIN(side_rid) AS lo, MAX(side_rid) AS hi\n    FROM '
            yield str(t_2(context, (undefined(name='coded') if l_1_coded is missing else l_1_coded)))
            yield '\n    GROUP BY '
            yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'plain_key'), l_1_combo, _loop_vars=_loop_vars))
            yield '\n    HAVING COUNT(*) = 2\n  ) pairs_'
            yield str(environment.getattr(l_1_loop, 'index0'))
            yield '\n  WHERE lo < '
            yield str(t_1(context, (undefined(name='side_offset') if l_1_side_offset is missing else l_1_side_offset)))
            yield ' AND hi >= '
            yield str(t_1(context, (undefined(name='side_offset') if l_1_side_offset is missing else l_1_side_offset)))
            yield '\n'
        if (not environment.getattr(l_1_loop, 'last')):
            pass
            yield '  UNION ALL\n'
    l_1_loop = l_1_combo = l_1_t = l_1_radix = l_1_coded = l_1_side_offset = missing
    yield ') batch_matches\nGROUP BY syn_rid'

blocks = {}
debug_info = '17=27&18=30&19=32&21=35&22=42&23=45&26=51&27=53&28=55&29=57&30=59&33=64&36=72&37=74&39=76&40=78&42=82'