from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'default/_functions.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_round_half_even = l_0_decimal_digits = l_0_floor_datetime = l_0_privrisk_binary_text = l_0_binary_text = l_0_window_key = l_0_row_number_in_any_order = l_0_create_temp_table_as = l_0_create_temp_table = l_0_byte_text_column = l_0_byte_text_key_column = l_0_privrisk_nan_to_null = l_0_nan_to_null = l_0_is_infinite = l_0_outside_type = l_0_epoch_seconds = l_0_absent_from = l_0_inner_join_left_first = l_0_value_at_min = l_0_value_at_max = l_0_privrisk_value_ids = l_0_with_value_ids = l_0_ordered_concat = missing
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
    def macro(l_1_x, l_1_p):
        t_3 = []
        l_1_scale = missing
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_p is missing:
            l_1_p = undefined("parameter 'p' was not provided", name='p')
        pass
        l_1_scale = (10 ** l_1_p)
        t_3.extend((
            '(CASE WHEN ABS(',
            str(l_1_x),
            ' * ',
            str((undefined(name='scale') if l_1_scale is missing else l_1_scale)),
            ' - TRUNC(',
            str(l_1_x),
            ' * ',
            str((undefined(name='scale') if l_1_scale is missing else l_1_scale)),
            ')) = 0.5 THEN 2 * ROUND(',
            str(l_1_x),
            ' * ',
            str((undefined(name='scale') if l_1_scale is missing else l_1_scale)),
            ' / 2) ELSE ROUND(',
            str(l_1_x),
            ' * ',
            str((undefined(name='scale') if l_1_scale is missing else l_1_scale)),
            ') END / ',
            str((undefined(name='scale') if l_1_scale is missing else l_1_scale)),
            ')',
        ))
        return concat(t_3)
    context.exported_vars.add('round_half_even')
    context.vars['round_half_even'] = l_0_round_half_even = Macro(environment, macro, 'round_half_even', ('x', 'p'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x):
        t_4 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        pass
        t_4.extend((
            "(10 - (LENGTH(PRINTF('%.10f', ",
            str(l_1_x),
            ")) - LENGTH(RTRIM(PRINTF('%.10f', ",
            str(l_1_x),
            "), '0'))))",
        ))
        return concat(t_4)
    context.exported_vars.add('decimal_digits')
    context.vars['decimal_digits'] = l_0_decimal_digits = Macro(environment, macro, 'decimal_digits', ('x',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x, l_1_unit):
        t_5 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_unit is missing:
            l_1_unit = undefined("parameter 'unit' was not provided", name='unit')
        pass
        t_5.extend((
            'DATE_TRUNC(',
            str(t_1(context, l_1_unit)),
            ', ',
            str(l_1_x),
            ')',
        ))
        return concat(t_5)
    context.exported_vars.add('floor_datetime')
    context.vars['floor_datetime'] = l_0_floor_datetime = Macro(environment, macro, 'floor_datetime', ('x', 'unit'), False, False, False, context.eval_ctx.autoescape)
    included_template = environment.get_template('privrisk_shared.sql', 'default/_functions.sql.j2')._get_default_module(context)
    l_0_privrisk_binary_text = getattr(included_template, 'privrisk_binary_text', missing)
    if l_0_privrisk_binary_text is missing:
        l_0_privrisk_binary_text = undefined(f"the template {included_template.__name__!r} (imported on line 24 in 'default/_functions.sql.j2') does not export the requested name 'privrisk_binary_text'", name='privrisk_binary_text')
    context.vars['privrisk_binary_text'] = l_0_privrisk_binary_text
    context.exported_vars.discard('privrisk_binary_text')
    def macro(l_1_x):
        t_6 = []
        l_1_dialect = resolve('dialect')
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        pass
        t_6.append(
            str(context.call((undefined(name='privrisk_binary_text') if l_0_privrisk_binary_text is missing else l_0_privrisk_binary_text), l_1_x, (undefined(name='dialect') if l_1_dialect is missing else l_1_dialect))),
        )
        return concat(t_6)
    context.exported_vars.add('binary_text')
    context.vars['binary_text'] = l_0_binary_text = Macro(environment, macro, 'binary_text', ('x',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x):
        t_7 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        pass
        t_7.append(
            str(l_1_x),
        )
        return concat(t_7)
    context.exported_vars.add('window_key')
    context.vars['window_key'] = l_0_window_key = Macro(environment, macro, 'window_key', ('x',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_order):
        t_8 = []
        if l_1_order is missing:
            l_1_order = undefined("parameter 'order' was not provided", name='order')
        pass
        t_8.append(
            'ROW_NUMBER() OVER ()',
        )
        return concat(t_8)
    context.exported_vars.add('row_number_in_any_order')
    context.vars['row_number_in_any_order'] = l_0_row_number_in_any_order = Macro(environment, macro, 'row_number_in_any_order', ('order',), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_name):
        t_9 = []
        if l_1_name is missing:
            l_1_name = undefined("parameter 'name' was not provided", name='name')
        pass
        t_9.extend((
            str(context.call((undefined(name='create_temp_table') if l_0_create_temp_table is missing else l_0_create_temp_table), l_1_name)),
            ' AS',
        ))
        return concat(t_9)
    context.exported_vars.add('create_temp_table_as')
    context.vars['create_temp_table_as'] = l_0_create_temp_table_as = Macro(environment, macro, 'create_temp_table_as', ('name',), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_name):
        t_10 = []
        if l_1_name is missing:
            l_1_name = undefined("parameter 'name' was not provided", name='name')
        pass
        t_10.extend((
            'CREATE TEMP TABLE ',
            str(t_2(context, l_1_name)),
        ))
        return concat(t_10)
    context.exported_vars.add('create_temp_table')
    context.vars['create_temp_table'] = l_0_create_temp_table = Macro(environment, macro, 'create_temp_table', ('name',), False, False, False, context.eval_ctx.autoescape)
    def macro():
        t_11 = []
        pass
        t_11.append(
            'TEXT',
        )
        return concat(t_11)
    context.exported_vars.add('byte_text_column')
    context.vars['byte_text_column'] = l_0_byte_text_column = Macro(environment, macro, 'byte_text_column', (), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_longest, l_1_text_column):
        t_12 = []
        if l_1_longest is missing:
            l_1_longest = undefined("parameter 'longest' was not provided", name='longest')
        if l_1_text_column is missing:
            l_1_text_column = undefined("parameter 'text_column' was not provided", name='text_column')
        pass
        t_12.append(
            str(l_1_text_column),
        )
        return concat(t_12)
    context.exported_vars.add('byte_text_key_column')
    context.vars['byte_text_key_column'] = l_0_byte_text_key_column = Macro(environment, macro, 'byte_text_key_column', ('longest', 'text_column'), False, False, False, context.eval_ctx.autoescape)
    included_template = environment.get_template('privrisk_shared.sql', 'default/_functions.sql.j2')._get_default_module(context)
    l_0_privrisk_nan_to_null = getattr(included_template, 'privrisk_nan_to_null', missing)
    if l_0_privrisk_nan_to_null is missing:
        l_0_privrisk_nan_to_null = undefined(f"the template {included_template.__name__!r} (imported on line 64 in 'default/_functions.sql.j2') does not export the requested name 'privrisk_nan_to_null'", name='privrisk_nan_to_null')
    context.vars['privrisk_nan_to_null'] = l_0_privrisk_nan_to_null
    context.exported_vars.discard('privrisk_nan_to_null')
    def macro(l_1_x):
        t_13 = []
        l_1_dialect = resolve('dialect')
        l_1_t = resolve('t')
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        pass
        t_13.append(
            str(context.call((undefined(name='privrisk_nan_to_null') if l_0_privrisk_nan_to_null is missing else l_0_privrisk_nan_to_null), l_1_x, (undefined(name='dialect') if l_1_dialect is missing else l_1_dialect), environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'double'))),
        )
        return concat(t_13)
    context.exported_vars.add('nan_to_null')
    context.vars['nan_to_null'] = l_0_nan_to_null = Macro(environment, macro, 'nan_to_null', ('x',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x):
        t_14 = []
        l_1_t = resolve('t')
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        pass
        t_14.extend((
            str(l_1_x),
            " IN (CAST('Infinity' AS ",
            str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'double')),
            "), CAST('-Infinity' AS ",
            str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'double')),
            '))',
        ))
        return concat(t_14)
    context.exported_vars.add('is_infinite')
    context.vars['is_infinite'] = l_0_is_infinite = Macro(environment, macro, 'is_infinite', ('x',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x, l_1_type_class):
        t_15 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_type_class is missing:
            l_1_type_class = undefined("parameter 'type_class' was not provided", name='type_class')
        pass
        if (l_1_type_class == 'boolean'):
            pass
            t_15.extend((
                str(l_1_x),
                ' NOT IN (0, 1)',
            ))
        else:
            pass
            t_15.append(
                'FALSE',
            )
        return concat(t_15)
    context.exported_vars.add('outside_type')
    context.vars['outside_type'] = l_0_outside_type = Macro(environment, macro, 'outside_type', ('x', 'type_class'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x):
        t_16 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        pass
        t_16.extend((
            'EPOCH(',
            str(l_1_x),
            ')',
        ))
        return concat(t_16)
    context.exported_vars.add('epoch_seconds')
    context.vars['epoch_seconds'] = l_0_epoch_seconds = Macro(environment, macro, 'epoch_seconds', ('x',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_value, l_1_table, l_1_column):
        t_17 = []
        if l_1_value is missing:
            l_1_value = undefined("parameter 'value' was not provided", name='value')
        if l_1_table is missing:
            l_1_table = undefined("parameter 'table' was not provided", name='table')
        if l_1_column is missing:
            l_1_column = undefined("parameter 'column' was not provided", name='column')
        pass
        t_17.extend((
            'NOT EXISTS (SELECT 1 FROM ',
            str(l_1_table),
            ' x WHERE x.',
            str(l_1_column),
            ' = ',
            str(l_1_value),
            ')',
        ))
        return concat(t_17)
    context.exported_vars.add('absent_from')
    context.vars['absent_from'] = l_0_absent_from = Macro(environment, macro, 'absent_from', ('value', 'table', 'column'), False, False, False, context.eval_ctx.autoescape)
    def macro():
        t_18 = []
        pass
        t_18.append(
            'JOIN',
        )
        return concat(t_18)
    context.exported_vars.add('inner_join_left_first')
    context.vars['inner_join_left_first'] = l_0_inner_join_left_first = Macro(environment, macro, 'inner_join_left_first', (), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x, l_1_key):
        t_19 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_key is missing:
            l_1_key = undefined("parameter 'key' was not provided", name='key')
        pass
        return concat(t_19)
    context.exported_vars.add('value_at_min')
    context.vars['value_at_min'] = l_0_value_at_min = Macro(environment, macro, 'value_at_min', ('x', 'key'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x, l_1_key):
        t_20 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_key is missing:
            l_1_key = undefined("parameter 'key' was not provided", name='key')
        pass
        return concat(t_20)
    context.exported_vars.add('value_at_max')
    context.vars['value_at_max'] = l_0_value_at_max = Macro(environment, macro, 'value_at_max', ('x', 'key'), False, False, False, context.eval_ctx.autoescape)
    included_template = environment.get_template('privrisk_shared.sql', 'default/_functions.sql.j2')._get_default_module(context)
    l_0_privrisk_value_ids = getattr(included_template, 'privrisk_value_ids', missing)
    if l_0_privrisk_value_ids is missing:
        l_0_privrisk_value_ids = undefined(f"the template {included_template.__name__!r} (imported on line 111 in 'default/_functions.sql.j2') does not export the requested name 'privrisk_value_ids'", name='privrisk_value_ids')
    context.vars['privrisk_value_ids'] = l_0_privrisk_value_ids
    context.exported_vars.discard('privrisk_value_ids')
    def macro(l_1_rows, l_1_values, l_1_qids):
        t_21 = []
        l_1_q = resolve('q')
        if l_1_rows is missing:
            l_1_rows = undefined("parameter 'rows' was not provided", name='rows')
        if l_1_values is missing:
            l_1_values = undefined("parameter 'values' was not provided", name='values')
        if l_1_qids is missing:
            l_1_qids = undefined("parameter 'qids' was not provided", name='qids')
        pass
        t_21.append(
            str(context.call((undefined(name='privrisk_value_ids') if l_0_privrisk_value_ids is missing else l_0_privrisk_value_ids), l_1_rows, l_1_values, l_1_qids, (undefined(name='q') if l_1_q is missing else l_1_q))),
        )
        return concat(t_21)
    context.exported_vars.add('with_value_ids')
    context.vars['with_value_ids'] = l_0_with_value_ids = Macro(environment, macro, 'with_value_ids', ('rows', 'values', 'qids'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x, l_1_key):
        t_22 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_key is missing:
            l_1_key = undefined("parameter 'key' was not provided", name='key')
        pass
        t_22.extend((
            'STRING_AGG(',
            str(l_1_x),
            ", ',' ORDER BY ",
            str(l_1_key),
            ')',
        ))
        return concat(t_22)
    context.exported_vars.add('ordered_concat')
    context.vars['ordered_concat'] = l_0_ordered_concat = Macro(environment, macro, 'ordered_concat', ('x', 'key'), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '7=24&8=32&9=35&13=57&14=64&18=72&19=81&24=89&25=95&26=102&31=107&32=113&37=118&41=130&42=136&45=143&46=150&50=155&57=164&58=172&64=177&65=183&66=191&70=196&71=203&77=213&78=220&79=223&86=234&87=241&91=247&92=258&96=268&103=277&105=287&111=297&112=303&113=314&117=319&118=328'