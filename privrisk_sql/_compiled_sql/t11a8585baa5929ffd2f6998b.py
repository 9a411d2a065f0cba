from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/frequencies.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_fn = resolve('fn')
    l_0_name = resolve('name')
    l_0_dims = resolve('dims')
    l_0_hierarchies = missing
    try:
        t_1 = environment.filters['list']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'list' found.")
    try:
        t_2 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    try:
        t_3 = environment.filters['selectattr']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'selectattr' found.")
    pass
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'create_temp_table_as'), (undefined(name='name') if l_0_name is missing else l_0_name)))
    yield '\n'
    l_0_hierarchies = t_1(context.eval_ctx, t_3(context, (undefined(name='dims') if l_0_dims is missing else l_0_dims), 'is_hierarchy'))
    context.vars['hierarchies'] = l_0_hierarchies
    context.exported_vars.add('hierarchies')
    l_1_loop = missing
    for l_1_d, l_1_loop in LoopContext((undefined(name='dims') if l_0_dims is missing else l_0_dims), undefined):
        l_1_t = resolve('t')
        l_1_weighted = resolve('weighted')
        l_1_work = resolve('work')
        _loop_vars = {}
        pass
        if environment.getattr(l_1_d, 'is_hierarchy'):
            pass
            yield 'SELECT w.pid, '
            yield str(environment.getattr(l_1_d, 'index'))
            yield ' AS dim, CAST(COALESCE(a.child_no, -1) AS '
            yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'double'))
            yield ') AS v, '
            yield str(('SUM(w.n)' if (undefined(name='weighted') if l_1_weighted is missing else l_1_weighted) else 'COUNT(*)'))
            yield ' AS c, COALESCE(MAX(a.parent_share), 0) AS share\nFROM '
            yield str(t_2(context, (undefined(name='work') if l_1_work is missing else l_1_work)))
            yield ' w LEFT JOIN '
            yield str(t_2(context, environment.getattr(l_1_d, 'nodes')))
            yield ' a ON a.code = w.c'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ' AND a.depth = w.h'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ' + 1\nGROUP BY w.pid, COALESCE(a.child_no, -1)\n'
        else:
            pass
            yield 'SELECT pid, '
            yield str(environment.getattr(l_1_d, 'index'))
            yield ' AS dim, c'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ' AS v, '
            yield str(('SUM(n)' if (undefined(name='weighted') if l_1_weighted is missing else l_1_weighted) else 'COUNT(*)'))
            yield ' AS c'
            if (undefined(name='hierarchies') if l_0_hierarchies is missing else l_0_hierarchies):
                pass
                yield ', CAST(NULL AS '
                yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'double'))
                yield ') AS share'
            yield ' FROM '
            yield str(t_2(context, (undefined(name='work') if l_1_work is missing else l_1_work)))
            yield ' GROUP BY pid, c'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '\n'
        if (not environment.getattr(l_1_loop, 'last')):
            pass
            yield 'UNION ALL\n'
    l_1_loop = l_1_d = l_1_t = l_1_weighted = l_1_work = missing

blocks = {}
debug_info = '7=33&8=35&9=39&10=45&11=48&12=54&15=65&17=81'