from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'sqlite/_functions.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_round_half_even = l_0_decimal_digits = l_0_strftime_formats = l_0_floor_datetime = l_0_is_infinite = l_0_epoch_seconds = l_0_outside_type = l_0_inner_join_left_first = l_0_absent_from = l_0_with_value_ids = missing
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
    def macro(l_1_x, l_1_p):
        t_4 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_p is missing:
            l_1_p = undefined("parameter 'p' was not provided", name='p')
        pass
        t_4.extend((
            'privrisk_round_half_even(',
            str(l_1_x),
            ', ',
            str(l_1_p),
            ')',
        ))
        return concat(t_4)
    context.exported_vars.add('round_half_even')
    context.vars['round_half_even'] = l_0_round_half_even = Macro(environment, macro, 'round_half_even', ('x', 'p'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_x):
        t_5 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        pass
        t_5.extend((
            'privrisk_decimal_digits(',
            str(l_1_x),
            ')',
        ))
        return concat(t_5)
    context.exported_vars.add('decimal_digits')
    context.vars['decimal_digits'] = l_0_decimal_digits = Macro(environment, macro, 'decimal_digits', ('x',), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    l_0_strftime_formats = {'day': '%Y-%m-%d 00:00:00', 'hour': '%Y-%m-%d %H:00:00', 'minute': '%Y-%m-%d %H:%M:00', 'second': '%Y-%m-%d %H:%M:%S', 'millisecond': '%Y-%m-%d %H:%M:%f', 'microsecond': None}
    context.vars['strftime_formats'] = l_0_strftime_formats
    context.exported_vars.add('strftime_formats')
    def macro(l_1_x, l_1_unit):
        t_6 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_unit is missing:
            l_1_unit = undefined("parameter 'unit' was not provided", name='unit')
        pass
        if t_3(environment.getitem((undefined(name='strftime_formats') if l_0_strftime_formats is missing else l_0_strftime_formats), l_1_unit)):
            pass
            t_6.append(
                str(l_1_x),
            )
        else:
            pass
            t_6.extend((
                'STRFTIME(',
                str(t_1(context, environment.getitem((undefined(name='strftime_formats') if l_0_strftime_formats is missing else l_0_strftime_formats), l_1_unit))),
                ', ',
                str(l_1_x),
                ')',
            ))
        return concat(t_6)
    context.exported_vars.add('floor_datetime')
    context.vars['floor_datetime'] = l_0_floor_datetime = Macro(environment, macro, 'floor_datetime', ('x', 'unit'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x):
        t_7 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        pass
        t_7.extend((
            str(l_1_x),
            ' IN (9e999, -9e999)',
        ))
        return concat(t_7)
    context.exported_vars.add('is_infinite')
    context.vars['is_infinite'] = l_0_is_infinite = Macro(environment, macro, 'is_infinite', ('x',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x):
        t_8 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        pass
        t_8.extend((
            '(UNIXEPOCH(',
            str(l_1_x),
            ") + (CAST(STRFTIME('%f', ",
            str(l_1_x),
            ") AS REAL) - CAST(STRFTIME('%S', ",
            str(l_1_x),
            ') AS INTEGER)))',
        ))
        return concat(t_8)
    context.exported_vars.add('epoch_seconds')
    context.vars['epoch_seconds'] = l_0_epoch_seconds = Macro(environment, macro, 'epoch_seconds', ('x',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x, l_1_type_class):
        t_9 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_type_class is missing:
            l_1_type_class = undefined("parameter 'type_class' was not provided", name='type_class')
        pass
        if (l_1_type_class == 'boolean'):
            pass
            t_9.extend((
                str(l_1_x),
                ' NOT IN (0, 1)',
            ))
        elif (l_1_type_class == 'text'):
            pass
            t_9.extend((
                'TYPEOF(',
                str(l_1_x),
                ") NOT IN ('text', 'null')",
            ))
        elif (l_1_type_class in ('integer', 'float')):
            pass
            t_9.extend((
                'TYPEOF(',
                str(l_1_x),
                ") NOT IN ('integer', 'real', 'null')",
            ))
        else:
            pass
            t_9.extend((
                str(l_1_x),
                ' IS NOT NULL AND ',
                str(context.call((undefined(name='epoch_seconds') if l_0_epoch_seconds is missing else l_0_epoch_seconds), l_1_x)),
                ' IS NULL',
            ))
        return concat(t_9)
    context.exported_vars.add('outside_type')
    context.vars['outside_type'] = l_0_outside_type = Macro(environment, macro, 'outside_type', ('x', 'type_class'), False, False, False, context.eval_ctx.autoescape)
    def macro():
        t_10 = []
        pass
        t_10.append(
            'CROSS JOIN',
        )
        return concat(t_10)
    context.exported_vars.add('inner_join_left_first')
    context.vars['inner_join_left_first'] = l_0_inner_join_left_first = Macro(environment, macro, 'inner_join_left_first', (), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_value, l_1_table, l_1_column):
        t_11 = []
        if l_1_value is missing:
            l_1_value = undefined("parameter 'value' was not provided", name='value')
        if l_1_table is missing:
            l_1_table = undefined("parameter 'table' was not provided", name='table')
        if l_1_column is missing:
            l_1_column = undefined("parameter 'column' was not provided", name='column')
        pass
        t_11.extend((
            str(l_1_value),
            ' NOT IN (SELECT ',
            str(l_1_column),
            ' FROM ',
            str(l_1_table),
            ')',
        ))
        return concat(t_11)
    context.exported_vars.add('absent_from')
    context.vars['absent_from'] = l_0_absent_from = Macro(environment, macro, 'absent_from', ('value', 'table', 'column'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_rows, l_1_values, l_1_qids):
        t_12 = []
        if l_1_rows is missing:
            l_1_rows = undefined("parameter 'rows' was not provided", name='rows')
        if l_1_values is missing:
            l_1_values = undefined("parameter 'values' was not provided", name='values')
        if l_1_qids is missing:
            l_1_qids = undefined("parameter 'qids' was not provided", name='qids')
        pass
        t_12.append(
            'SELECT ',
        )
        for l_2_q in l_1_qids:
            _loop_vars = {}
            pass
            t_12.extend((
                str(t_2(context, l_2_q)),
                ', ',
            ))
        l_2_q = missing
        t_12.append(
            'c, value_id, pg_before FROM (\n    SELECT ',
        )
        for l_2_q in l_1_qids:
            _loop_vars = {}
            pass
            t_12.extend((
                str(t_2(context, l_2_q)),
                ', ',
            ))
        l_2_q = missing
        t_12.append(
            'c, is_row,\n      MAX(value_id) OVER o AS value_id,\n      MAX(pg - cg) OVER o AS pg_before\n    FROM (\n      SELECT ',
        )
        for l_2_q in l_1_qids:
            _loop_vars = {}
            pass
            t_12.extend((
                str(t_2(context, l_2_q)),
                ', ',
            ))
        l_2_q = missing
        t_12.extend((
            'c, v, 1 AS is_row, NULL AS value_id, NULL AS cg, NULL AS pg\n      FROM ',
            str(l_1_rows),
            '\n      UNION ALL\n      SELECT ',
        ))
        for l_2_q in l_1_qids:
            _loop_vars = {}
            pass
            t_12.append(
                'NULL, ',
            )
        l_2_q = missing
        t_12.extend((
            'NULL, v, 0, value_id, cg, pg FROM ',
            str(l_1_values),
            '\n    ) by_value\n    WINDOW o AS (ORDER BY v, is_row ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)\n  ) carried\n  WHERE is_row = 1',
        ))
        return concat(t_12)
    context.exported_vars.add('with_value_ids')
    context.vars['with_value_ids'] = l_0_with_value_ids = Macro(environment, macro, 'with_value_ids', ('rows', 'values', 'qids'), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '5=30&6=39&9=48&10=55&13=62&16=65&17=72&18=75&20=81&25=89&26=95&31=101&32=108&39=118&40=125&41=128&42=131&43=135&44=138&45=142&47=148&55=156&64=165&65=175&72=185&73=197&74=208&78=219&79=229&81=232'