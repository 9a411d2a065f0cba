from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'risk/classes_at_risk.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_target = resolve('target')
    l_0_columns = resolve('columns')
    l_0_t = resolve('t')
    l_0_population = resolve('population')
    l_0_sample = resolve('sample')
    l_0_population_count = resolve('population_count')
    l_0_threshold = resolve('threshold')
    l_0_r = missing
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
    try:
        t_3 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    l_0_r = context.vars['r'] = environment.get_template('_risk.sql.j2', 'risk/classes_at_risk.sql.j2')._get_default_module(context)
    context.exported_vars.discard('r')
    if (not t_3((undefined(name='target') if l_0_target is missing else l_0_target))):
        pass
        yield 'CREATE TABLE '
        yield str((undefined(name='target') if l_0_target is missing else l_0_target))
        yield ' AS\n'
    yield 'SELECT '
    l_1_loop = missing
    for l_1_c, l_1_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
        _loop_vars = {}
        pass
        yield 'privrisk_v'
        yield str(environment.getattr(l_1_loop, 'index0'))
        yield ' AS '
        yield str(t_2(context, environment.getattr(l_1_c, 'name')))
        yield ', '
    l_1_loop = l_1_c = missing
    yield 'class_size, CAST(1 AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
    yield ') / class_size AS prosecutor_risk'
    if (undefined(name='population') if l_0_population is missing else l_0_population):
        pass
        yield ',\n  CAST(CASE WHEN population_size < class_size THEN class_size ELSE population_size END AS '
        yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'bigint'))
        yield ') AS population_size,\n  CAST(1 AS '
        yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
        yield ') / CASE WHEN population_size < class_size THEN class_size ELSE population_size END AS journalist_risk'
    yield '\nFROM (\n  SELECT '
    l_1_loop = missing
    for l_1_c, l_1_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
        _loop_vars = {}
        pass
        yield 'privrisk_v'
        yield str(environment.getattr(l_1_loop, 'index0'))
        yield ', '
    l_1_loop = l_1_c = missing
    yield 'CAST(SUM(in_sample) AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'bigint'))
    yield ') AS class_size'
    if (undefined(name='population') if l_0_population is missing else l_0_population):
        pass
        yield ', CAST(SUM(in_population) AS '
        yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'bigint'))
        yield ') AS population_size'
    yield '\n  FROM (\n    SELECT '
    l_1_loop = missing
    for l_1_c, l_1_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
        _loop_vars = {}
        pass
        yield str(context.call(environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'key'), l_1_c, environment.getattr(l_1_c, 'name'), _loop_vars=_loop_vars))
        yield ' AS privrisk_k'
        yield str(environment.getattr(l_1_loop, 'index0'))
        yield ', '
        yield str(context.call(environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'value'), l_1_c, environment.getattr(l_1_c, 'name'), _loop_vars=_loop_vars))
        yield ' AS privrisk_v'
        yield str(environment.getattr(l_1_loop, 'index0'))
        yield ', '
    l_1_loop = l_1_c = missing
    yield '1 AS in_sample, 0 AS in_population\n    FROM '
    yield str((undefined(name='sample') if l_0_sample is missing else l_0_sample))
    yield '\n'
    if (undefined(name='population') if l_0_population is missing else l_0_population):
        pass
        yield '    UNION ALL\n    SELECT '
        for l_1_c in (undefined(name='columns') if l_0_columns is missing else l_0_columns):
            _loop_vars = {}
            pass
            yield str(context.call(environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'key'), l_1_c, environment.getattr(l_1_c, 'population_name'), _loop_vars=_loop_vars))
            yield ', '
            yield str(context.call(environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'value'), l_1_c, environment.getattr(l_1_c, 'population_name'), _loop_vars=_loop_vars))
            yield ', '
        l_1_c = missing
        yield '0, '
        yield str((t_2(context, (undefined(name='population_count') if l_0_population_count is missing else l_0_population_count)) if (undefined(name='population_count') if l_0_population_count is missing else l_0_population_count) else '1'))
        yield '\n    FROM '
        yield str((undefined(name='population') if l_0_population is missing else l_0_population))
    yield '\n  ) stacked\n  GROUP BY '
    l_1_loop = missing
    for l_1_c, l_1_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
        _loop_vars = {}
        pass
        yield 'privrisk_k'
        yield str(environment.getattr(l_1_loop, 'index0'))
        yield ', privrisk_v'
        yield str(environment.getattr(l_1_loop, 'index0'))
        yield str((', ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 27 in 'risk/classes_at_risk.sql.j2' evaluated to false and no else section was defined.")))
    l_1_loop = l_1_c = missing
    yield '\n  HAVING SUM(in_sample) > 0\n) classes\nWHERE '
    if (undefined(name='population') if l_0_population is missing else l_0_population):
        pass
        yield 'CAST(1 AS '
        yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
        yield ') / CASE WHEN population_size < class_size THEN class_size ELSE population_size END'
    else:
        pass
        yield 'CAST(1 AS '
        yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
        yield ') / class_size'
    yield ' > '
    yield str(t_1(context, (undefined(name='threshold') if l_0_threshold is missing else l_0_threshold)))

blocks = {}
debug_info = '6=37&7=39&8=42&10=46&11=58&12=61&13=63&16=67&17=77&19=84&20=97&21=99&23=102&24=113&27=116&30=126'