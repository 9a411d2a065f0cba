from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/rank_map_rows.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_name = resolve('name')
    l_0_rows = resolve('rows')
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
    yield 'INSERT INTO '
    yield str(t_2(context, (undefined(name='name') if l_0_name is missing else l_0_name)))
    yield ' (val, code, json_text) VALUES\n'
    l_1_loop = missing
    for (l_1_value, l_1_code, l_1_json_text), l_1_loop in LoopContext((undefined(name='rows') if l_0_rows is missing else l_0_rows), undefined):
        _loop_vars = {}
        pass
        yield '('
        yield str(t_1(context, l_1_value))
        yield ', '
        yield str(l_1_code)
        yield ', '
        yield str(t_1(context, l_1_json_text))
        yield ')'
        yield str((',' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 3 in 'mondrian/rank_map_rows.sql.j2' evaluated to false and no else section was defined.")))
        yield '\n'
    l_1_loop = l_1_value = l_1_code = l_1_json_text = missing

blocks = {}
debug_info = '1=26&2=29&3=33'