from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'spark/_functions.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_round_half_even = l_0_decimal_digits = l_0_epoch_seconds = l_0_create_temp_table = l_0_create_temp_table_as = l_0_row_number_in_any_order = l_0_byte_text_column = l_0_value_at_min = l_0_value_at_max = l_0_ordered_concat = missing
    try:
        t_1 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
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
            '(BROUND(',
            str(l_1_x),
            ' * ',
            str((undefined(name='scale') if l_1_scale is missing else l_1_scale)),
            ', 0) / ',
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
            "LENGTH(TRIM(TRAILING '0' FROM SPLIT_PART(CAST(CAST(",
            str(l_1_x),
            " AS DECIMAL(38, 10)) AS STRING), '.', 2)))",
        ))
        return concat(t_4)
    context.exported_vars.add('decimal_digits')
    context.vars['decimal_digits'] = l_0_decimal_digits = Macro(environment, macro, 'decimal_digits', ('x',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x):
        t_5 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        pass
        t_5.extend((
            "(CAST(TIMESTAMPDIFF(MICROSECOND, TIMESTAMP_NTZ'1970-01-01 00:00:00', CAST(",
            str(l_1_x),
            ' AS TIMESTAMP_NTZ)) AS DOUBLE) / 1e6)',
        ))
        return concat(t_5)
    context.exported_vars.add('epoch_seconds')
    context.vars['epoch_seconds'] = l_0_epoch_seconds = Macro(environment, macro, 'epoch_seconds', ('x',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_name):
        t_6 = []
        if l_1_name is missing:
            l_1_name = undefined("parameter 'name' was not provided", name='name')
        pass
        t_6.extend((
            'CREATE TABLE ',
            str(t_2(context, l_1_name)),
        ))
        return concat(t_6)
    context.exported_vars.add('create_temp_table')
    context.vars['create_temp_table'] = l_0_create_temp_table = Macro(environment, macro, 'create_temp_table', ('name',), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_name):
        t_7 = []
        if l_1_name is missing:
            l_1_name = undefined("parameter 'name' was not provided", name='name')
        pass
        t_7.extend((
            str(context.call((undefined(name='create_temp_table') if l_0_create_temp_table is missing else l_0_create_temp_table), l_1_name)),
            ' AS',
        ))
        return concat(t_7)
    context.exported_vars.add('create_temp_table_as')
    context.vars['create_temp_table_as'] = l_0_create_temp_table_as = Macro(environment, macro, 'create_temp_table_as', ('name',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_order):
        t_8 = []
        if l_1_order is missing:
            l_1_order = undefined("parameter 'order' was not provided", name='order')
        pass
        t_8.extend((
            'ROW_NUMBER() OVER (ORDER BY ',
            str(t_1(context.eval_ctx, l_1_order, ', ')),
            ')',
        ))
        return concat(t_8)
    context.exported_vars.add('row_number_in_any_order')
    context.vars['row_number_in_any_order'] = l_0_row_number_in_any_order = Macro(environment, macro, 'row_number_in_any_order', ('order',), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro():
        t_9 = []
        pass
        t_9.append(
            'STRING',
        )
        return concat(t_9)
    context.exported_vars.add('byte_text_column')
    context.vars['byte_text_column'] = l_0_byte_text_column = Macro(environment, macro, 'byte_text_column', (), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_x, l_1_key):
        t_10 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_key is missing:
            l_1_key = undefined("parameter 'key' was not provided", name='key')
        pass
        t_10.extend((
            'MIN_BY(',
            str(l_1_x),
            ', ',
            str(l_1_key),
            ')',
        ))
        return concat(t_10)
    context.exported_vars.add('value_at_min')
    context.vars['value_at_min'] = l_0_value_at_min = Macro(environment, macro, 'value_at_min', ('x', 'key'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x, l_1_key):
        t_11 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_key is missing:
            l_1_key = undefined("parameter 'key' was not provided", name='key')
        pass
        t_11.extend((
            'MAX_BY(',
            str(l_1_x),
            ', ',
            str(l_1_key),
            ')',
        ))
        return concat(t_11)
    context.exported_vars.add('value_at_max')
    context.vars['value_at_max'] = l_0_value_at_max = Macro(environment, macro, 'value_at_max', ('x', 'key'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x, l_1_key):
        t_12 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_key is missing:
            l_1_key = undefined("parameter 'key' was not provided", name='key')
        pass
        t_12.extend((
            "CONCAT_WS(',', TRANSFORM(ARRAY_SORT(COLLECT_LIST(NAMED_STRUCT('k', ",
            str(l_1_key),
            ", 'x', ",
            str(l_1_x),
            '))), e -> e.x))',
        ))
        return concat(t_12)
    context.exported_vars.add('ordered_concat')
    context.vars['ordered_concat'] = l_0_ordered_concat = Macro(environment, macro, 'ordered_concat', ('x', 'key'), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '6=24&7=32&8=35&13=45&14=52&18=58&19=65&26=71&27=78&30=84&31=90&36=96&37=103&40=110&44=120&45=129&47=137&48=146&52=154&53=163'