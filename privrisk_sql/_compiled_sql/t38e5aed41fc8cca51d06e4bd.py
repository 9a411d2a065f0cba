from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'classes/distinct_counts.sql.j2'

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
    yield 'SELECT COUNT(*) AS n_rows\n'
    l_1_loop = missing
    for l_1_c, l_1_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
        _loop_vars = {}
        pass
        yield '     , COUNT('
        yield str(t_1(context, l_1_c))
        yield ') AS present_'
        yield str(environment.getattr(l_1_loop, 'index0'))
        yield '\n     , COUNT(DISTINCT '
        yield str(t_1(context, l_1_c))
        yield ') AS distinct_'
        yield str(environment.getattr(l_1_loop, 'index0'))
        yield '\n'
    l_1_loop = l_1_c = missing
    yield 'FROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))

blocks = {}
debug_info = '5=21&6=25&7=29&9=35'