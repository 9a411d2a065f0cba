from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mpuccs/group_size_histograms.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
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
    l_0_m = context.vars['m'] = environment.get_template('_macros.sql.j2', 'mpuccs/group_size_histograms.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    l_1_loop = missing
    for l_1_combo, l_1_loop in LoopContext((undefined(name='combos') if l_0_combos is missing else l_0_combos), undefined):
        l_1_table = resolve('table')
        _loop_vars = {}
        pass
        yield 'SELECT '
        yield str(t_1(context, environment.getattr(l_1_combo, 'id')))
        yield ' AS combo, group_size, COUNT(*) AS n_groups\nFROM (\n  SELECT COUNT(*) AS group_size\n  FROM '
        yield str(t_2(context, (undefined(name='table') if l_1_table is missing else l_1_table)))
        yield '\n  WHERE side = 0\n  GROUP BY '
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'group_keys'), l_1_combo, _loop_vars=_loop_vars))
        yield '\n) groups_'
        yield str(environment.getattr(l_1_loop, 'index0'))
        yield '\nGROUP BY group_size\n'
        if (not environment.getattr(l_1_loop, 'last')):
            pass
            yield 'UNION ALL\n'
    l_1_loop = l_1_combo = l_1_table = missing

blocks = {}
debug_info = '5=25&6=28&7=33&10=35&12=37&13=39&15=41'