from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'risk/record_risks.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_target = resolve('target')
    l_0_key_out = resolve('key_out')
    l_0_t = resolve('t')
    l_0_population = resolve('population')
    l_0_weight = resolve('weight')
    l_0_key = resolve('key')
    l_0_columns = resolve('columns')
    l_0_sample = resolve('sample')
    l_0_population_count = resolve('population_count')
    l_0_r = l_0_individual = l_0_classes = missing
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    try:
        t_2 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    l_0_r = context.vars['r'] = environment.get_template('_risk.sql.j2', 'risk/record_risks.sql.j2')._get_default_module(context)
    context.exported_vars.discard('r')
    def macro(l_1_f, l_1_big_f):
        t_3 = []
        l_1_p = l_1_q = missing
        if l_1_f is missing:
            l_1_f = undefined("parameter 'f' was not provided", name='f')
        if l_1_big_f is missing:
            l_1_big_f = undefined("parameter 'big_f' was not provided", name='big_f')
        pass
        l_1_p = str_join(('(CAST(', l_1_f, ' AS ', environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'), ') / ', l_1_big_f, ')', ))
        l_1_q = str_join(('((', l_1_big_f, ' - ', l_1_f, ') / ', l_1_big_f, ')', ))
        t_3.extend((
            'CASE WHEN ',
            str(l_1_big_f),
            ' <= ',
            str(l_1_f),
            ' THEN CAST(1 AS ',
            str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double')),
            ') / ',
            str(l_1_f),
            '\n  WHEN ',
            str(l_1_f),
            ' = 1 AND ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' < 0.01 THEN ',
            str((undefined(name='p') if l_1_p is missing else l_1_p)),
            ' * (1 + ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' / 2 + ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' / 3 + ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' / 4 + ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' / 5 + ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' / 6 + ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' / 7)\n  WHEN ',
            str(l_1_f),
            ' = 1 THEN ',
            str((undefined(name='p') if l_1_p is missing else l_1_p)),
            ' / ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * LN(1 / ',
            str((undefined(name='p') if l_1_p is missing else l_1_p)),
            ')\n  WHEN ',
            str(l_1_f),
            ' = 2 AND ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' < 0.01 THEN ',
            str((undefined(name='p') if l_1_p is missing else l_1_p)),
            ' * (CAST(1 AS ',
            str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double')),
            ') / 2 + ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' / 6 + ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' / 12 + ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' / 20 + ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' / 30 + ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' * ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' / 42)\n  WHEN ',
            str(l_1_f),
            ' = 2 THEN ',
            str((undefined(name='p') if l_1_p is missing else l_1_p)),
            ' / ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ' - (',
            str((undefined(name='p') if l_1_p is missing else l_1_p)),
            ' / ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ') * (',
            str((undefined(name='p') if l_1_p is missing else l_1_p)),
            ' / ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ') * LN(1 / ',
            str((undefined(name='p') if l_1_p is missing else l_1_p)),
            ')\n  ELSE ',
            str((undefined(name='p') if l_1_p is missing else l_1_p)),
            ' / (',
            str(l_1_f),
            ' - ',
            str((undefined(name='q') if l_1_q is missing else l_1_q)),
            ') END',
        ))
        return concat(t_3)
    context.exported_vars.add('individual')
    context.vars['individual'] = l_0_individual = Macro(environment, macro, 'individual', ('f', 'big_f'), False, False, False, context.eval_ctx.autoescape)
    t_4 = []
    pass
    l_2_loop = missing
    for l_2_c, l_2_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
        l_2_fn = resolve('fn')
        _loop_vars = {}
        pass
        t_4.extend((
            str((context.call(environment.getattr((undefined(name='fn') if l_2_fn is missing else l_2_fn), 'window_key'), str_join(('privrisk_k', environment.getattr(l_2_loop, 'index0'), )), _loop_vars=_loop_vars) if environment.getattr(l_2_c, 'as_bytes') else str_join(('privrisk_k', environment.getattr(l_2_loop, 'index0'), )))),
            str((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 24 in 'risk/record_risks.sql.j2' evaluated to false and no else section was defined."))),
        ))
    l_2_loop = l_2_c = l_2_fn = missing
    l_0_classes = (Markup if context.eval_ctx.autoescape else identity)(concat(t_4))
    context.vars['classes'] = l_0_classes
    context.exported_vars.add('classes')
    if (not t_2((undefined(name='target') if l_0_target is missing else l_0_target))):
        pass
        yield 'CREATE TABLE '
        yield str((undefined(name='target') if l_0_target is missing else l_0_target))
        yield ' AS\n'
    yield 'SELECT privrisk_key AS '
    yield str(t_1(context, (undefined(name='key_out') if l_0_key_out is missing else l_0_key_out)))
    yield ', class_size, CAST(1 AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
    yield ') / class_size AS prosecutor_risk'
    if (undefined(name='population') if l_0_population is missing else l_0_population):
        pass
        yield ',\n  CAST(CASE WHEN population_size < class_size THEN class_size ELSE population_size END AS '
        yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'bigint'))
        yield ') AS population_size,\n  CAST(1 AS '
        yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
        yield ') / CASE WHEN population_size < class_size THEN class_size ELSE population_size END AS journalist_risk'
    if (undefined(name='weight') if l_0_weight is missing else l_0_weight):
        pass
        yield ',\n  weight_sum, '
        yield str(context.call((undefined(name='individual') if l_0_individual is missing else l_0_individual), 'class_size', 'weight_sum'))
        yield ' AS individual_risk'
    yield '\nFROM (\n  SELECT privrisk_key, in_sample,\n    CAST(SUM(in_sample) OVER (PARTITION BY '
    yield str((undefined(name='classes') if l_0_classes is missing else l_0_classes))
    yield ') AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'bigint'))
    yield ') AS class_size'
    if (undefined(name='population') if l_0_population is missing else l_0_population):
        pass
        yield ',\n    CAST(SUM(in_population) OVER (PARTITION BY '
        yield str((undefined(name='classes') if l_0_classes is missing else l_0_classes))
        yield ') AS '
        yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'bigint'))
        yield ') AS population_size'
    if (undefined(name='weight') if l_0_weight is missing else l_0_weight):
        pass
        yield ',\n    SUM(privrisk_w) OVER (PARTITION BY '
        yield str((undefined(name='classes') if l_0_classes is missing else l_0_classes))
        yield ') AS weight_sum'
    yield '\n  FROM (\n    SELECT '
    yield str(t_1(context, (undefined(name='key') if l_0_key is missing else l_0_key)))
    yield ' AS privrisk_key, '
    l_1_loop = missing
    for l_1_c, l_1_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
        _loop_vars = {}
        pass
        yield str(context.call(environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'key'), l_1_c, environment.getattr(l_1_c, 'name'), _loop_vars=_loop_vars))
        yield ' AS privrisk_k'
        yield str(environment.getattr(l_1_loop, 'index0'))
        yield ', '
    l_1_loop = l_1_c = missing
    if (undefined(name='weight') if l_0_weight is missing else l_0_weight):
        pass
        yield 'CAST('
        yield str(t_1(context, (undefined(name='weight') if l_0_weight is missing else l_0_weight)))
        yield ' AS '
        yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
        yield ') AS privrisk_w, '
    yield '1 AS in_sample, 0 AS in_population\n    FROM '
    yield str((undefined(name='sample') if l_0_sample is missing else l_0_sample))
    yield '\n'
    if (undefined(name='population') if l_0_population is missing else l_0_population):
        pass
        yield '    UNION ALL\n    SELECT NULL, '
        for l_1_c in (undefined(name='columns') if l_0_columns is missing else l_0_columns):
            _loop_vars = {}
            pass
            yield str(context.call(environment.getattr((undefined(name='r') if l_0_r is missing else l_0_r), 'key'), l_1_c, environment.getattr(l_1_c, 'population_name'), _loop_vars=_loop_vars))
            yield ', '
        l_1_c = missing
        if (undefined(name='weight') if l_0_weight is missing else l_0_weight):
            pass
            yield 'NULL, '
        yield '0, '
        yield str((t_1(context, (undefined(name='population_count') if l_0_population_count is missing else l_0_population_count)) if (undefined(name='population_count') if l_0_population_count is missing else l_0_population_count) else '1'))
        yield '\n    FROM '
        yield str((undefined(name='population') if l_0_population is missing else l_0_population))
    yield '\n  ) stacked\n) windowed\nWHERE in_sample = 1'

blocks = {}
debug_info = '9=33&12=35&13=43&14=44&15=47&16=55&17=103&18=111&19=149&20=165&24=178&23=187&26=190&27=193&29=196&30=200&31=203&32=205&34=207&35=210&39=213&40=217&41=220&43=224&44=227&47=230&48=241&49=249&50=251&52=254&53=260&54=266'