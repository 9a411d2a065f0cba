from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mpuccs/float_decimal_digits.sql.j2'

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
    yield 'WITH source_rows AS (\n  SELECT '
    l_1_loop = missing
    for l_1_col, l_1_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
        _loop_vars = {}
        pass
        yield str(t_1(context, l_1_col))
        yield str((', ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 6 in 'mpuccs/float_decimal_digits.sql.j2' evaluated to false and no else section was defined.")))
    l_1_loop = l_1_col = missing
    yield '\n  FROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))
    yield '\n)\nSELECT\n'
    l_1_loop = missing
    for l_1_col, l_1_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
        l_1_fn = resolve('fn')
        _loop_vars = {}
        pass
        yield '  (SELECT MAX('
        yield str(context.call(environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'decimal_digits'), context.call(environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'nan_to_null'), 'v', _loop_vars=_loop_vars), _loop_vars=_loop_vars))
        yield ')\n   FROM (SELECT DISTINCT '
        yield str(t_1(context, l_1_col))
        yield ' AS v FROM source_rows) '
        yield str(t_1(context, str_join(('distinct_', environment.getattr(l_1_loop, 'index0'), ))))
        yield ') AS '
        yield str(t_1(context, str_join(('digits_', environment.getattr(l_1_loop, 'index0'), ))))
        yield str((',' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 13 in 'mpuccs/float_decimal_digits.sql.j2' evaluated to false and no else section was defined.")))
        yield '\n'
    l_1_loop = l_1_col = l_1_fn = missing

blocks = {}
debug_info = '6=21&8=28&11=31&12=36&13=38'