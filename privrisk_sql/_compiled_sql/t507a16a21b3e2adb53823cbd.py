from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mpuccs/group_size_histograms_by_grouping_sets.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_grouping = resolve('grouping')
    l_0_table = resolve('table')
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
    yield 'SELECT CASE grouping_set '
    for (l_1_gid, l_1_combo) in environment.getattr((undefined(name='grouping') if l_0_grouping is missing else l_0_grouping), 'ids'):
        _loop_vars = {}
        pass
        yield 'WHEN '
        yield str(t_2(context, l_1_gid))
        yield ' THEN '
        yield str(t_2(context, l_1_combo))
        yield ' '
    l_1_gid = l_1_combo = missing
    yield 'END AS combo,\n  group_size, COUNT(*) AS n_groups\nFROM (\n  SELECT GROUPING_ID('
    yield str(t_1(context.eval_ctx, t_3(context, environment.getattr((undefined(name='grouping') if l_0_grouping is missing else l_0_grouping), 'columns'), 'quote'), ', '))
    yield ') AS grouping_set, COUNT(*) AS group_size\n  FROM '
    yield str(t_4(context, (undefined(name='table') if l_0_table is missing else l_0_table)))
    yield '\n  WHERE side = 0\n  GROUP BY '
    yield str(t_1(context.eval_ctx, t_3(context, environment.getattr((undefined(name='grouping') if l_0_grouping is missing else l_0_grouping), 'columns'), 'quote'), ', '))
    yield ' GROUPING SETS ('
    l_1_loop = missing
    for l_1_s, l_1_loop in LoopContext(environment.getattr((undefined(name='grouping') if l_0_grouping is missing else l_0_grouping), 'sets'), undefined):
        _loop_vars = {}
        pass
        yield '('
        yield str(t_1(context.eval_ctx, t_3(context, l_1_s, 'quote'), ', '))
        yield ')'
        yield str((', ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 11 in 'mpuccs/group_size_histograms_by_grouping_sets.sql.j2' evaluated to false and no else section was defined.")))
    l_1_loop = l_1_s = missing
    yield ')\n) groups\nGROUP BY grouping_set, group_size'

blocks = {}
debug_info = '5=38&8=48&9=50&11=52'