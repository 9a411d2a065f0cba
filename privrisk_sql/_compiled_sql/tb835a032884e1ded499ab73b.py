from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'duckdb/_functions.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_round_half_even = l_0_value_at_min = l_0_value_at_max = missing
    pass
    def macro(l_1_x, l_1_p):
        t_1 = []
        l_1_scale = missing
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_p is missing:
            l_1_p = undefined("parameter 'p' was not provided", name='p')
        pass
        l_1_scale = (10 ** l_1_p)
        t_1.extend((
            '(ROUND_EVEN(',
            str(l_1_x),
            ' * ',
            str((undefined(name='scale') if l_1_scale is missing else l_1_scale)),
            ', 0) / ',
            str((undefined(name='scale') if l_1_scale is missing else l_1_scale)),
            ')',
        ))
        return concat(t_1)
    context.exported_vars.add('round_half_even')
    context.vars['round_half_even'] = l_0_round_half_even = Macro(environment, macro, 'round_half_even', ('x', 'p'), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_x, l_1_key):
        t_2 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_key is missing:
            l_1_key = undefined("parameter 'key' was not provided", name='key')
        pass
        t_2.extend((
            'ARG_MIN(',
            str(l_1_x),
            ', ',
            str(l_1_key),
            ')',
        ))
        return concat(t_2)
    context.exported_vars.add('value_at_min')
    context.vars['value_at_min'] = l_0_value_at_min = Macro(environment, macro, 'value_at_min', ('x', 'key'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x, l_1_key):
        t_3 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_key is missing:
            l_1_key = undefined("parameter 'key' was not provided", name='key')
        pass
        t_3.extend((
            'ARG_MAX(',
            str(l_1_x),
            ', ',
            str(l_1_key),
            ')',
        ))
        return concat(t_3)
    context.exported_vars.add('value_at_max')
    context.vars['value_at_max'] = l_0_value_at_max = Macro(environment, macro, 'value_at_max', ('x', 'key'), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '6=12&7=20&8=23&11=34&12=43&14=51&15=60'