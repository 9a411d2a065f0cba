from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'classes/values_outside_type.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_columns = resolve('columns')
    l_0_relation = resolve('relation')
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    yield 'SELECT\n'
    l_1_loop = missing
    for l_1_c, l_1_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
        l_1_fn = resolve('fn')
        _loop_vars = {}
        pass
        yield '  SUM(CASE WHEN '
        yield str(context.call(environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'outside_type'), t_1(context, environment.getattr(l_1_c, 'name')), environment.getattr(l_1_c, 'type_class'), _loop_vars=_loop_vars))
        yield ' THEN 1 ELSE 0 END) AS others_'
        yield str(environment.getattr(l_1_loop, 'index0'))
        yield ',\n  MIN(CASE WHEN '
        yield str(context.call(environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'outside_type'), t_1(context, environment.getattr(l_1_c, 'name')), environment.getattr(l_1_c, 'type_class'), _loop_vars=_loop_vars))
        yield ' THEN '
        yield str(t_1(context, environment.getattr(l_1_c, 'name')))
        yield ' END) AS example_'
        yield str(environment.getattr(l_1_loop, 'index0'))
        yield str((',' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 7 in 'classes/values_outside_type.sql.j2' evaluated to false and no else section was defined.")))
        yield '\n'
    l_1_loop = l_1_c = l_1_fn = missing
    yield 'FROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))

blocks = {}
debug_info = '5=21&6=26&7=30&9=39'