from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/distinct_values.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_fn = resolve('fn')
    l_0_column = resolve('column')
    l_0_relation = resolve('relation')
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    yield 'SELECT DISTINCT '
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'binary_text'), t_1(context, (undefined(name='column') if l_0_column is missing else l_0_column))))
    yield ' FROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))
    yield ' WHERE '
    yield str(t_1(context, (undefined(name='column') if l_0_column is missing else l_0_column)))
    yield ' IS NOT NULL'

blocks = {}
debug_info = '3=21'