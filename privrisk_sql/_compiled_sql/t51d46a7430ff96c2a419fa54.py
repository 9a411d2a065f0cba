from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mpuccs/coded_column_stats.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_columns = resolve('columns')
    l_0_table = resolve('table')
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    yield 'SELECT\n  SUM(1 - side) AS n_syn,\n  SUM(side) AS n_ori'
    for l_1_c in (undefined(name='columns') if l_0_columns is missing else l_0_columns):
        _loop_vars = {}
        pass
        yield ',\n  COALESCE(MAX(CASE WHEN side = 0 THEN '
        yield str(t_1(context, l_1_c))
        yield ' END), 0) AS '
        yield str(t_1(context, str_join(('distinct_', l_1_c, ))))
        yield ',\n  SUM(CASE WHEN side = 0 AND '
        yield str(t_1(context, l_1_c))
        yield ' = 0 THEN 1 ELSE 0 END) AS '
        yield str(t_1(context, str_join(('nulls_', l_1_c, ))))
        yield ',\n  MAX('
        yield str(t_1(context, l_1_c))
        yield ') AS '
        yield str(t_1(context, str_join(('max_', l_1_c, ))))
    l_1_c = missing
    yield '\nFROM '
    yield str(t_1(context, (undefined(name='table') if l_0_table is missing else l_0_table)))

blocks = {}
debug_info = '6=20&7=24&8=28&9=32&12=37'