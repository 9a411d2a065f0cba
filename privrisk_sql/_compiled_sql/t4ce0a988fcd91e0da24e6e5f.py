from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'classes/values_outside_order.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_sensitive = resolve('sensitive')
    l_0_relation = resolve('relation')
    l_0_order = resolve('order')
    l_0_fn = resolve('fn')
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
    yield 'SELECT COUNT(*) AS n, MIN('
    yield str(t_2(context, (undefined(name='sensitive') if l_0_sensitive is missing else l_0_sensitive)))
    yield ') AS value\nFROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))
    yield '\nWHERE '
    yield str(t_2(context, (undefined(name='sensitive') if l_0_sensitive is missing else l_0_sensitive)))
    yield ' IS NOT NULL\n'
    if (undefined(name='order') if l_0_order is missing else l_0_order):
        pass
        yield '  AND '
        yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'binary_text'), t_2(context, (undefined(name='sensitive') if l_0_sensitive is missing else l_0_sensitive))))
        yield ' NOT IN ('
        l_1_loop = missing
        for l_1_value, l_1_loop in LoopContext((undefined(name='order') if l_0_order is missing else l_0_order), undefined):
            _loop_vars = {}
            pass
            yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'binary_text'), t_1(context, l_1_value), _loop_vars=_loop_vars))
            yield str((', ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 8 in 'classes/values_outside_order.sql.j2' evaluated to false and no else section was defined.")))
        l_1_loop = l_1_value = missing
        yield ')\n'

blocks = {}
debug_info = '4=28&5=30&6=32&7=34&8=37'