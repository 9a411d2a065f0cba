from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/unranked_values.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_dims = resolve('dims')
    l_0_work = resolve('work')
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    yield 'SELECT '
    l_1_loop = missing
    for l_1_d, l_1_loop in LoopContext((undefined(name='dims') if l_0_dims is missing else l_0_dims), undefined):
        l_1_weighted = resolve('weighted')
        _loop_vars = {}
        pass
        yield str((str_join(('SUM(CASE WHEN c', environment.getattr(l_1_d, 'index'), ' IS NULL THEN n ELSE 0 END)', )) if (undefined(name='weighted') if l_1_weighted is missing else l_1_weighted) else str_join(('COUNT(*) - COUNT(c', environment.getattr(l_1_d, 'index'), ')', ))))
        yield ' AS uncoded'
        yield str(environment.getattr(l_1_d, 'index'))
        yield str((', ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 6 in 'mondrian/unranked_values.sql.j2' evaluated to false and no else section was defined.")))
    l_1_loop = l_1_d = l_1_weighted = missing
    yield '\nFROM '
    yield str(t_1(context, (undefined(name='work') if l_0_work is missing else l_0_work)))

blocks = {}
debug_info = '6=21&8=31'