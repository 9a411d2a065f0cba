from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mpuccs/deduplicated_rows.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_fn = resolve('fn')
    l_0_target = resolve('target')
    l_0_in_value_order = resolve('in_value_order')
    l_0_columns = resolve('columns')
    l_0_t = resolve('t')
    l_0_key = resolve('key')
    l_0_key_as_text = resolve('key_as_text')
    l_0_key_ties = resolve('key_ties')
    l_0_relation = resolve('relation')
    l_0_m = missing
    try:
        t_1 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_2 = environment.filters['list']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'list' found.")
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
    try:
        t_5 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    l_0_m = context.vars['m'] = environment.get_template('_macros.sql.j2', 'mpuccs/deduplicated_rows.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'create_temp_table_as'), (undefined(name='target') if l_0_target is missing else l_0_target)))
    yield '\nSELECT\n'
    if (undefined(name='in_value_order') if l_0_in_value_order is missing else l_0_in_value_order):
        pass
        yield '  CAST(ROW_NUMBER() OVER (ORDER BY'
        l_1_loop = missing
        for l_1_c, l_1_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
            _loop_vars = {}
            pass
            yield ' '
            yield str((context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'binary_text'), t_4(context, environment.getattr(l_1_c, 'alias')), _loop_vars=_loop_vars) if environment.getattr(l_1_c, 'order_as_bytes') else t_4(context, environment.getattr(l_1_c, 'alias'))))
            yield str((',' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 15 in 'mpuccs/deduplicated_rows.sql.j2' evaluated to false and no else section was defined.")))
        l_1_loop = l_1_c = missing
        yield ') - 1 AS '
        yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'bigint'))
        yield ') AS rid,\n'
    else:
        pass
        yield '  CAST(ROW_NUMBER() OVER (ORDER BY first_rn) - 1 AS '
        yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'bigint'))
        yield ') AS rid,\n'
    if (not t_5((undefined(name='key') if l_0_key is missing else l_0_key))):
        pass
        yield '  key_value,\n'
    l_1_loop = missing
    for l_1_c, l_1_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
        _loop_vars = {}
        pass
        yield '  '
        yield str(t_4(context, environment.getattr(l_1_c, 'alias')))
        yield str((',' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 23 in 'mpuccs/deduplicated_rows.sql.j2' evaluated to false and no else section was defined.")))
        yield '\n'
    l_1_loop = l_1_c = missing
    yield 'FROM (\n  SELECT\n'
    l_1_loop = missing
    for l_1_c, l_1_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
        _loop_vars = {}
        pass
        yield '    '
        yield str(t_4(context, environment.getattr(l_1_c, 'alias')))
        yield str((',' if (not (environment.getattr(l_1_loop, 'last') and (undefined(name='in_value_order') if l_0_in_value_order is missing else l_0_in_value_order))) else cond_expr_undefined("the inline if-expression on line 28 in 'mpuccs/deduplicated_rows.sql.j2' evaluated to false and no else section was defined.")))
        yield '\n'
    l_1_loop = l_1_c = missing
    if (not t_5((undefined(name='key') if l_0_key is missing else l_0_key))):
        pass
        yield '    MIN(key_value) AS key_value,\n'
    if (not (undefined(name='in_value_order') if l_0_in_value_order is missing else l_0_in_value_order)):
        pass
        yield '    MIN(rn) AS first_rn\n'
    yield '  FROM (\n    SELECT\n'
    if (not (undefined(name='in_value_order') if l_0_in_value_order is missing else l_0_in_value_order)):
        pass
        yield '      '
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'input_order'), (undefined(name='key') if l_0_key is missing else l_0_key), t_2(context.eval_ctx, t_3(context, t_3(context, (undefined(name='columns') if l_0_columns is missing else l_0_columns), attribute='source'), 'quote')), (undefined(name='key_as_text') if l_0_key_as_text is missing else l_0_key_as_text), (undefined(name='key_ties') if l_0_key_ties is missing else l_0_key_ties)))
        yield ' AS rn,\n'
    if (not t_5((undefined(name='key') if l_0_key is missing else l_0_key))):
        pass
        yield '      '
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'key_value'), (undefined(name='key') if l_0_key is missing else l_0_key), (undefined(name='key_as_text') if l_0_key_as_text is missing else l_0_key_as_text)))
        yield ' AS key_value,\n'
    l_1_loop = missing
    for l_1_c, l_1_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
        l_1_other = resolve('other')
        l_1_value = missing
        _loop_vars = {}
        pass
        l_1_value = (str_join(('(SELECT ', t_4(context, environment.getattr(l_1_c, 'null_of')), ' FROM ', (undefined(name='other') if l_1_other is missing else l_1_other), ' WHERE 1 = 0)', )) if (not t_5(environment.getattr(l_1_c, 'null_of'))) else t_4(context, environment.getattr(l_1_c, 'source')))
        _loop_vars['value'] = l_1_value
        if (not t_5(environment.getattr(l_1_c, 'round'))):
            pass
            yield '      '
            yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'round_half_even'), str_join(('CAST(', context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'nan_to_null'), (undefined(name='value') if l_1_value is missing else l_1_value), _loop_vars=_loop_vars), ' AS ', environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'), ')', )), environment.getattr(l_1_c, 'round'), _loop_vars=_loop_vars))
            yield ' AS '
            yield str(t_4(context, environment.getattr(l_1_c, 'alias')))
            yield str((',' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 49 in 'mpuccs/deduplicated_rows.sql.j2' evaluated to false and no else section was defined.")))
            yield '\n'
        elif environment.getattr(l_1_c, 'float'):
            pass
            yield '      '
            yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'nan_to_null'), (undefined(name='value') if l_1_value is missing else l_1_value), _loop_vars=_loop_vars))
            yield ' AS '
            yield str(t_4(context, environment.getattr(l_1_c, 'alias')))
            yield str((',' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 51 in 'mpuccs/deduplicated_rows.sql.j2' evaluated to false and no else section was defined.")))
            yield '\n'
        elif (not t_5(environment.getattr(l_1_c, 'floor'))):
            pass
            yield '      '
            yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'floor_datetime'), (undefined(name='value') if l_1_value is missing else l_1_value), environment.getattr(l_1_c, 'floor'), _loop_vars=_loop_vars))
            yield ' AS '
            yield str(t_4(context, environment.getattr(l_1_c, 'alias')))
            yield str((',' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 53 in 'mpuccs/deduplicated_rows.sql.j2' evaluated to false and no else section was defined.")))
            yield '\n'
        elif environment.getattr(l_1_c, 'text'):
            pass
            yield '      '
            yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'binary_text'), (undefined(name='value') if l_1_value is missing else l_1_value), _loop_vars=_loop_vars))
            yield ' AS '
            yield str(t_4(context, environment.getattr(l_1_c, 'alias')))
            yield str((',' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 55 in 'mpuccs/deduplicated_rows.sql.j2' evaluated to false and no else section was defined.")))
            yield '\n'
        else:
            pass
            yield '      '
            yield str((undefined(name='value') if l_1_value is missing else l_1_value))
            yield ' AS '
            yield str(t_4(context, environment.getattr(l_1_c, 'alias')))
            yield str((',' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 57 in 'mpuccs/deduplicated_rows.sql.j2' evaluated to false and no else section was defined.")))
            yield '\n'
    l_1_loop = l_1_c = l_1_other = l_1_value = missing
    yield '    FROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))
    yield '\n  ) numbered\n  GROUP BY '
    yield str(t_1(context.eval_ctx, t_3(context, t_3(context, (undefined(name='columns') if l_0_columns is missing else l_0_columns), attribute='alias'), 'quote'), ', '))
    yield '\n) distinct_rows'

blocks = {}
debug_info = '10=51&11=53&13=55&15=59&17=72&19=74&22=78&23=82&27=88&28=92&30=96&33=99&38=103&39=106&41=108&42=111&44=114&46=119&47=121&49=124&50=129&51=132&52=137&53=140&54=145&55=148&57=156&60=163&62=165'