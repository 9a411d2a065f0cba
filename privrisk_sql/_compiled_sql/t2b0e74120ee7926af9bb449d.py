from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mysql/_functions.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_round_half_even = l_0_decimal_digits = l_0_floor_datetime = l_0_byte_text_column = l_0_byte_text_key_column = l_0_window_key = l_0_create_temp_table = l_0_epoch_seconds = l_0_create_temp_table_as = l_0_inner_join_left_first = l_0_ordered_concat = l_0_absent_from = missing
    try:
        t_1 = environment.filters['max']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'max' found.")
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
            '(ROUND(',
            str(l_1_x),
            ' * ',
            str((undefined(name='scale') if l_1_scale is missing else l_1_scale)),
            'e0) / ',
            str((undefined(name='scale') if l_1_scale is missing else l_1_scale)),
            'e0)',
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
            "LENGTH(TRIM(TRAILING '0' FROM SUBSTRING_INDEX(CAST(CAST(",
            str(l_1_x),
            " AS DECIMAL(65, 10)) AS CHAR), '.', -1)))",
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
        if (l_1_unit == 'day'):
            pass
            t_5.extend((
                'CAST(',
                str(l_1_x),
                ' AS DATE)',
            ))
        elif (l_1_unit == 'hour'):
            pass
            t_5.extend((
                '(',
                str(l_1_x),
                ' - INTERVAL MINUTE(',
                str(l_1_x),
                ') MINUTE - INTERVAL SECOND(',
                str(l_1_x),
                ') SECOND - INTERVAL MICROSECOND(',
                str(l_1_x),
                ') MICROSECOND)',
            ))
        elif (l_1_unit == 'minute'):
            pass
            t_5.extend((
                '(',
                str(l_1_x),
                ' - INTERVAL SECOND(',
                str(l_1_x),
                ') SECOND - INTERVAL MICROSECOND(',
                str(l_1_x),
                ') MICROSECOND)',
            ))
        elif (l_1_unit == 'second'):
            pass
            t_5.extend((
                '(',
                str(l_1_x),
                ' - INTERVAL MICROSECOND(',
                str(l_1_x),
                ') MICROSECOND)',
            ))
        elif (l_1_unit == 'millisecond'):
            pass
            t_5.extend((
                '(',
                str(l_1_x),
                ' - INTERVAL MOD(MICROSECOND(',
                str(l_1_x),
                '), 1000) MICROSECOND)',
            ))
        else:
            pass
            t_5.append(
                str(l_1_x),
            )
        return concat(t_5)
    context.exported_vars.add('floor_datetime')
    context.vars['floor_datetime'] = l_0_floor_datetime = Macro(environment, macro, 'floor_datetime', ('x', 'unit'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro():
        t_6 = []
        pass
        t_6.append(
            'TEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin',
        )
        return concat(t_6)
    context.exported_vars.add('byte_text_column')
    context.vars['byte_text_column'] = l_0_byte_text_column = Macro(environment, macro, 'byte_text_column', (), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_longest, l_1_text_column):
        t_7 = []
        if l_1_longest is missing:
            l_1_longest = undefined("parameter 'longest' was not provided", name='longest')
        if l_1_text_column is missing:
            l_1_text_column = undefined("parameter 'text_column' was not provided", name='text_column')
        pass
        if (l_1_longest <= 16000):
            pass
            t_7.extend((
                'VARCHAR(',
                str(t_1(environment, [l_1_longest, 1])),
                ') CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin',
            ))
        else:
            pass
            t_7.append(
                str(l_1_text_column),
            )
        return concat(t_7)
    context.exported_vars.add('byte_text_key_column')
    context.vars['byte_text_key_column'] = l_0_byte_text_key_column = Macro(environment, macro, 'byte_text_key_column', ('longest', 'text_column'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x):
        t_8 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        pass
        t_8.extend((
            str(l_1_x),
            ', CASE WHEN LENGTH(',
            str(l_1_x),
            ') * 4 >= @@max_sort_length THEN UNHEX(SHA2(',
            str(l_1_x),
            ', 256)) END',
        ))
        return concat(t_8)
    context.exported_vars.add('window_key')
    context.vars['window_key'] = l_0_window_key = Macro(environment, macro, 'window_key', ('x',), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_name):
        t_9 = []
        if l_1_name is missing:
            l_1_name = undefined("parameter 'name' was not provided", name='name')
        pass
        t_9.extend((
            'CREATE TEMPORARY TABLE ',
            str(t_2(context, l_1_name)),
        ))
        return concat(t_9)
    context.exported_vars.add('create_temp_table')
    context.vars['create_temp_table'] = l_0_create_temp_table = Macro(environment, macro, 'create_temp_table', ('name',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x):
        t_10 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        pass
        t_10.extend((
            "(CAST(TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', ",
            str(l_1_x),
            ') AS DOUBLE) + MICROSECOND(',
            str(l_1_x),
            ') / 1e6)',
        ))
        return concat(t_10)
    context.exported_vars.add('epoch_seconds')
    context.vars['epoch_seconds'] = l_0_epoch_seconds = Macro(environment, macro, 'epoch_seconds', ('x',), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_name):
        t_11 = []
        if l_1_name is missing:
            l_1_name = undefined("parameter 'name' was not provided", name='name')
        pass
        t_11.extend((
            str(context.call((undefined(name='create_temp_table') if l_0_create_temp_table is missing else l_0_create_temp_table), l_1_name)),
            ' AS',
        ))
        return concat(t_11)
    context.exported_vars.add('create_temp_table_as')
    context.vars['create_temp_table_as'] = l_0_create_temp_table_as = Macro(environment, macro, 'create_temp_table_as', ('name',), False, False, False, context.eval_ctx.autoescape)
    def macro():
        t_12 = []
        pass
        t_12.append(
            'STRAIGHT_JOIN',
        )
        return concat(t_12)
    context.exported_vars.add('inner_join_left_first')
    context.vars['inner_join_left_first'] = l_0_inner_join_left_first = Macro(environment, macro, 'inner_join_left_first', (), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_x, l_1_key):
        t_13 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_key is missing:
            l_1_key = undefined("parameter 'key' was not provided", name='key')
        pass
        t_13.extend((
            'GROUP_CONCAT(',
            str(l_1_x),
            ' ORDER BY ',
            str(l_1_key),
            " SEPARATOR ',')",
        ))
        return concat(t_13)
    context.exported_vars.add('ordered_concat')
    context.vars['ordered_concat'] = l_0_ordered_concat = Macro(environment, macro, 'ordered_concat', ('x', 'key'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_value, l_1_table, l_1_column):
        t_14 = []
        if l_1_value is missing:
            l_1_value = undefined("parameter 'value' was not provided", name='value')
        if l_1_table is missing:
            l_1_table = undefined("parameter 'table' was not provided", name='table')
        if l_1_column is missing:
            l_1_column = undefined("parameter 'column' was not provided", name='column')
        pass
        t_14.extend((
            '(',
            str(l_1_value),
            ' IS NULL OR ',
            str(l_1_value),
            ' NOT IN (SELECT ',
            str(l_1_column),
            ' FROM ',
            str(l_1_table),
            ' WHERE ',
            str(l_1_column),
            ' IS NOT NULL))',
        ))
        return concat(t_14)
    context.exported_vars.add('absent_from')
    context.vars['absent_from'] = l_0_absent_from = Macro(environment, macro, 'absent_from', ('value', 'table', 'column'), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '5=24&6=32&7=35&11=45&12=52&16=58&17=65&18=69&19=72&20=76&21=85&22=89&23=96&24=100&25=105&26=109&28=117&32=123&39=132&40=139&41=143&43=149&53=154&54=160&57=171&58=178&62=183&63=190&66=199&67=205&74=211&78=221&79=230&85=238&86=249'