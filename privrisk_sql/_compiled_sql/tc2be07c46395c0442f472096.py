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
    l_0_m = missing
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    l_0_m = context.vars['m'] = environment.get_template('_macros.sql.j2', 'mpuccs/group_size_histograms_by_grouping_sets.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    yield 'SELECT '
    yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'grouping_set_combo'), (undefined(name='grouping') if l_0_grouping is missing else l_0_grouping)))
    yield ' AS combo,\n  group_size, COUNT(*) AS n_groups\nFROM (\n  SELECT '
    yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'grouping_set_id'), (undefined(name='grouping') if l_0_grouping is missing else l_0_grouping)))
    yield ' AS grouping_set, COUNT(*) AS group_size\n  FROM '
    yield str(t_1(context, (undefined(name='table') if l_0_table is missing else l_0_table)))
    yield '\n  WHERE side = 0\n  '
    yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'grouping_sets_group_by'), (undefined(name='grouping') if l_0_grouping is missing else l_0_grouping)))
    yield '\n) groups\nGROUP BY grouping_set, group_size'

blocks = {}
debug_info = '5=20&6=23&9=25&10=27&12=29'