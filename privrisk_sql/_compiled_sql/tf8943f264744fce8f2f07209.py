from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_risk.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_key = l_0_value = missing
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    def macro(l_1_c, l_1_name):
        t_2 = []
        l_1_fn = resolve('fn')
        if l_1_c is missing:
            l_1_c = undefined("parameter 'c' was not provided", name='c')
        if l_1_name is missing:
            l_1_name = undefined("parameter 'name' was not provided", name='name')
        pass
        if environment.getattr(l_1_c, 'as_bytes'):
            pass
            t_2.append(
                str(context.call(environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'binary_text'), t_1(context, l_1_name))),
            )
        elif environment.getattr(l_1_c, 'is_float'):
            pass
            t_2.append(
                str(context.call(environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'nan_to_null'), t_1(context, l_1_name))),
            )
        else:
            pass
            t_2.append(
                str(t_1(context, l_1_name)),
            )
        return concat(t_2)
    context.exported_vars.add('key')
    context.vars['key'] = l_0_key = Macro(environment, macro, 'key', ('c', 'name'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_c, l_1_name):
        t_3 = []
        l_1_fn = resolve('fn')
        if l_1_c is missing:
            l_1_c = undefined("parameter 'c' was not provided", name='c')
        if l_1_name is missing:
            l_1_name = undefined("parameter 'name' was not provided", name='name')
        pass
        if environment.getattr(l_1_c, 'is_float'):
            pass
            t_3.append(
                str(context.call(environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'nan_to_null'), t_1(context, l_1_name))),
            )
        else:
            pass
            t_3.append(
                str(t_1(context, l_1_name)),
            )
        return concat(t_3)
    context.exported_vars.add('value')
    context.vars['value'] = l_0_value = Macro(environment, macro, 'value', ('c', 'name'), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '4=18&5=26&7=44&8=52'