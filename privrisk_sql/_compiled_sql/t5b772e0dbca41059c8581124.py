from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'classes/infinite_counts.sql.j2'

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
        l_1_floats = resolve('floats')
        l_1_fn = resolve('fn')
        l_1_casts = resolve('casts')
        _loop_vars = {}
        pass
        yield '  SUM(CASE WHEN '
        if (l_1_c in (undefined(name='floats') if l_1_floats is missing else l_1_floats)):
            pass
            yield str(context.call(environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'is_infinite'), t_1(context, l_1_c), _loop_vars=_loop_vars))
        elif (l_1_c in (undefined(name='casts') if l_1_casts is missing else l_1_casts)):
            pass
            yield 'NOT ISFINITE(CAST('
            yield str(t_1(context, l_1_c))
            yield ' AS '
            yield str(environment.getitem((undefined(name='casts') if l_1_casts is missing else l_1_casts), l_1_c))
            yield '))'
        else:
            pass
            yield 'NOT ISFINITE('
            yield str(t_1(context, l_1_c))
            yield ')'
        yield ' THEN 1 ELSE 0 END) AS infinite_'
        yield str(environment.getattr(l_1_loop, 'index0'))
        yield str((',' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 7 in 'classes/infinite_counts.sql.j2' evaluated to false and no else section was defined.")))
        yield '\n'
    l_1_loop = l_1_c = l_1_floats = l_1_fn = l_1_casts = missing
    yield 'FROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))

blocks = {}
debug_info = '6=21&7=28&9=49'