from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'risk/population_class_pairs.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_columns = resolve('columns')
    l_0_sample = resolve('sample')
    l_0_population_count = resolve('population_count')
    l_0_population = resolve('population')
    l_0_r = missing
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    l_0_r = context.vars['r'] = environment.get_template('_risk.sql.j2', 'risk/population_class_pairs.sql.j2')._get_default_module(context)
    context.exported_vars.discard('r')
    yield 'SELECT sample_size, population_size, COUNT(*) AS classes\nFROM (\n  SELECT SUM(in_sample) AS sample_size, SUM(in_population) AS population_size\n  FROM (\n    SELECT '
    l_1_loop = missing
    for l_1_c, l_1_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
        _loop_vars = {}
        pass
        yield str(context.call(environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'key'), l_1_c, environment.getattr(l_1_c, 'name'), _loop_vars=_loop_vars))
        yield ' AS privrisk_k'
        yield str(environment.getattr(l_1_loop, 'index0'))
        yield ', '
    l_1_loop = l_1_c = missing
    yield '1 AS in_sample, 0 AS in_population FROM '
    yield str((undefined(name='sample') if l_0_sample is missing else l_0_sample))
    yield '\n    UNION ALL\n    SELECT '
    for l_1_c in (undefined(name='columns') if l_0_columns is missing else l_0_columns):
        _loop_vars = {}
        pass
        yield str(context.call(environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'key'), l_1_c, environment.getattr(l_1_c, 'population_name'), _loop_vars=_loop_vars))
        yield ', '
    l_1_c = missing
    yield '0, '
    yield str((t_1(context, (undefined(name='population_count') if l_0_population_count is missing else l_0_population_count)) if (undefined(name='population_count') if l_0_population_count is missing else l_0_population_count) else '1'))
    yield ' FROM '
    yield str((undefined(name='population') if l_0_population is missing else l_0_population))
    yield '\n  ) stacked\n  GROUP BY '
    l_1_loop = missing
    for l_1_c, l_1_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
        _loop_vars = {}
        pass
        yield 'privrisk_k'
        yield str(environment.getattr(l_1_loop, 'index0'))
        yield str((', ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 16 in 'risk/population_class_pairs.sql.j2' evaluated to false and no else section was defined.")))
    l_1_loop = l_1_c = missing
    yield ') pairs\nWHERE sample_size > 0\nGROUP BY sample_size, population_size'

blocks = {}
debug_info = '7=22&12=26&14=37&16=49'