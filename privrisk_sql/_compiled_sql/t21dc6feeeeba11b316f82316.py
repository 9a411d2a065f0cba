from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mpuccs/finest_datetime_units.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_columns = resolve('columns')
    l_0_relation = resolve('relation')
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
    yield 'SELECT\n'
    l_1_loop = missing
    for l_1_c, l_1_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
        l_1_ladder = resolve('ladder')
        _loop_vars = {}
        pass
        yield '  MAX(CASE\n'
        for (l_2_part, l_2_place) in (undefined(name='ladder') if l_1_ladder is missing else l_1_ladder):
            l_2_fn = resolve('fn')
            _loop_vars = {}
            pass
            yield '    WHEN '
            yield str(t_2(context, l_1_c))
            yield ' <> '
            yield str(context.call(environment.getattr((undefined(name='fn') if l_2_fn is missing else l_2_fn), 'floor_datetime'), t_2(context, l_1_c), l_2_part, _loop_vars=_loop_vars))
            yield ' THEN '
            yield str(t_1(context, l_2_place))
            yield '\n'
        l_2_part = l_2_place = l_2_fn = missing
        yield '    ELSE 0\n  END) AS '
        yield str(t_2(context, str_join(('unit_', environment.getattr(l_1_loop, 'index0'), ))))
        yield str((',' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 12 in 'mpuccs/finest_datetime_units.sql.j2' evaluated to false and no else section was defined.")))
        yield '\n'
    l_1_loop = l_1_c = l_1_ladder = missing
    yield 'FROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))

blocks = {}
debug_info = '6=27&8=32&9=37&12=45&14=50'