from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'postgres/_functions.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_decimal_digits = l_0_epoch_seconds = l_0_value_at_min = l_0_value_at_max = missing
    pass
    def macro(l_1_x):
        t_1 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        pass
        t_1.extend((
            'LENGTH(RTRIM(SPLIT_PART(CAST(ROUND(CAST(CAST(',
            str(l_1_x),
            " AS TEXT) AS NUMERIC), 10) AS TEXT), '.', 2), '0'))",
        ))
        return concat(t_1)
    context.exported_vars.add('decimal_digits')
    context.vars['decimal_digits'] = l_0_decimal_digits = Macro(environment, macro, 'decimal_digits', ('x',), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_x):
        t_2 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        pass
        t_2.extend((
            'EXTRACT(EPOCH FROM ',
            str(l_1_x),
            ')',
        ))
        return concat(t_2)
    context.exported_vars.add('epoch_seconds')
    context.vars['epoch_seconds'] = l_0_epoch_seconds = Macro(environment, macro, 'epoch_seconds', ('x',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x, l_1_key):
        t_3 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_key is missing:
            l_1_key = undefined("parameter 'key' was not provided", name='key')
        pass
        t_3.extend((
            '(MIN(ARRAY[CAST(',
            str(l_1_key),
            ' AS DOUBLE PRECISION), CAST(',
            str(l_1_x),
            ' AS DOUBLE PRECISION)]))[2]',
        ))
        return concat(t_3)
    context.exported_vars.add('value_at_min')
    context.vars['value_at_min'] = l_0_value_at_min = Macro(environment, macro, 'value_at_min', ('x', 'key'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x, l_1_key):
        t_4 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_key is missing:
            l_1_key = undefined("parameter 'key' was not provided", name='key')
        pass
        t_4.extend((
            '(MAX(ARRAY[CAST(',
            str(l_1_key),
            ' AS DOUBLE PRECISION), CAST(',
            str(l_1_x),
            ' AS DOUBLE PRECISION)]))[2]',
        ))
        return concat(t_4)
    context.exported_vars.add('value_at_max')
    context.vars['value_at_max'] = l_0_value_at_max = Macro(environment, macro, 'value_at_max', ('x', 'key'), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '7=12&8=19&11=26&12=33&17=39&18=48&20=56&21=65'