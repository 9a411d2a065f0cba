from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/ranked_dims.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_fn = resolve('fn')
    l_0_prune = resolve('prune')
    l_0_dims = resolve('dims')
    l_0_name = resolve('name')
    l_0_freq = resolve('freq')
    l_0_k = resolve('k')
    l_0_globals = resolve('globals')
    l_0_c_lo = l_0_c_hi = l_0_categorical = l_0_hierarchies = missing
    try:
        t_1 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_2 = environment.filters['list']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'list' found.")
    try:
        t_3 = environment.filters['map']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'map' found.")
    try:
        t_4 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    try:
        t_5 = environment.filters['selectattr']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'selectattr' found.")
    try:
        t_6 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    pass
    l_0_c_lo = context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'value_at_min'), 'f.c', 'f.v')
    context.vars['c_lo'] = l_0_c_lo
    context.exported_vars.add('c_lo')
    l_0_c_hi = context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'value_at_max'), 'f.c', 'f.v')
    context.vars['c_hi'] = l_0_c_hi
    context.exported_vars.add('c_hi')
    l_0_prune = ((undefined(name='prune') if l_0_prune is missing else l_0_prune) and t_6((undefined(name='c_lo') if l_0_c_lo is missing else l_0_c_lo)))
    context.vars['prune'] = l_0_prune
    context.exported_vars.add('prune')
    l_0_categorical = t_2(context.eval_ctx, t_3(context, t_5(context, (undefined(name='dims') if l_0_dims is missing else l_0_dims), 'cut_as_category'), attribute='index'))
    context.vars['categorical'] = l_0_categorical
    context.exported_vars.add('categorical')
    l_0_hierarchies = t_2(context.eval_ctx, t_3(context, t_5(context, (undefined(name='dims') if l_0_dims is missing else l_0_dims), 'is_hierarchy'), attribute='index'))
    context.vars['hierarchies'] = l_0_hierarchies
    context.exported_vars.add('hierarchies')
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'create_temp_table_as'), (undefined(name='name') if l_0_name is missing else l_0_name)))
    yield '\nWITH sizes AS (\n    SELECT pid, SUM(c) AS n FROM '
    yield str(t_4(context, (undefined(name='freq') if l_0_freq is missing else l_0_freq)))
    yield ' WHERE dim = '
    yield str(environment.getattr(environment.getitem((undefined(name='dims') if l_0_dims is missing else l_0_dims), 0), 'index'))
    yield ' GROUP BY pid HAVING SUM(c) >= '
    yield str((2 * (undefined(name='k') if l_0_k is missing else l_0_k)))
    yield '\n), boxes AS (\n    SELECT f.pid, f.dim, MIN(f.v) AS lo, MAX(f.v) AS hi, COUNT(*) AS nd'
    if (undefined(name='hierarchies') if l_0_hierarchies is missing else l_0_hierarchies):
        pass
        yield ', MAX(f.share) AS share'
    if (undefined(name='prune') if l_0_prune is missing else l_0_prune):
        pass
        yield ', '
        yield str((undefined(name='c_lo') if l_0_c_lo is missing else l_0_c_lo))
        yield ' AS c_lo, '
        yield str((undefined(name='c_hi') if l_0_c_hi is missing else l_0_c_hi))
        yield ' AS c_hi'
    yield '\n    FROM '
    yield str(t_4(context, (undefined(name='freq') if l_0_freq is missing else l_0_freq)))
    yield ' f '
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'inner_join_left_first')))
    yield ' sizes z ON z.pid = f.pid\n    GROUP BY f.pid, f.dim\n)\nSELECT b.pid, b.dim, z.n, b.nd, ROW_NUMBER() OVER (\n           PARTITION BY b.pid\n           ORDER BY CASE b.dim'
    for l_1_d in (undefined(name='dims') if l_0_dims is missing else l_0_dims):
        _loop_vars = {}
        pass
        yield ' WHEN '
        yield str(environment.getattr(l_1_d, 'index'))
        yield ' THEN '
        yield str(('b.share' if environment.getattr(l_1_d, 'is_hierarchy') else (str_join(('(b.nd - 1) / g.scale', environment.getattr(l_1_d, 'index'), )) if environment.getattr(l_1_d, 'is_categorical') else str_join(('(b.hi - b.lo) / g.scale', environment.getattr(l_1_d, 'index'), )))))
    l_1_d = missing
    yield ' END DESC, b.nd DESC, b.dim\n       ) AS rnk\nFROM boxes b JOIN sizes z ON z.pid = b.pid CROSS JOIN '
    yield str(t_4(context, (undefined(name='globals') if l_0_globals is missing else l_0_globals)))
    yield ' g\nWHERE '
    if (undefined(name='hierarchies') if l_0_hierarchies is missing else l_0_hierarchies):
        pass
        yield 'CASE WHEN b.dim IN ('
        yield str(t_1(context.eval_ctx, (undefined(name='hierarchies') if l_0_hierarchies is missing else l_0_hierarchies), ', '))
        yield ') THEN b.share > 0 ELSE b.hi > b.lo END'
    else:
        pass
        yield 'b.hi > b.lo'
    if (undefined(name='prune') if l_0_prune is missing else l_0_prune):
        pass
        yield '  AND CASE '
        if (undefined(name='hierarchies') if l_0_hierarchies is missing else l_0_hierarchies):
            pass
            yield 'WHEN b.dim IN ('
            yield str(t_1(context.eval_ctx, (undefined(name='hierarchies') if l_0_hierarchies is missing else l_0_hierarchies), ', '))
            yield ') THEN 1 = 1\n'
        if (undefined(name='categorical') if l_0_categorical is missing else l_0_categorical):
            pass
            yield 'WHEN b.dim IN ('
            yield str(t_1(context.eval_ctx, (undefined(name='categorical') if l_0_categorical is missing else l_0_categorical), ', '))
            yield ') THEN b.nd > 2 OR (b.c_lo >= '
            yield str((undefined(name='k') if l_0_k is missing else l_0_k))
            yield ' AND b.c_hi >= '
            yield str((undefined(name='k') if l_0_k is missing else l_0_k))
            yield ')\n'
        yield 'WHEN 2 * b.c_lo >= z.n - 1 THEN z.n - b.c_lo >= '
        yield str((undefined(name='k') if l_0_k is missing else l_0_k))
        yield '\n           WHEN 2 * (z.n - b.c_hi) < z.n - 1 THEN 1 = 0\n           WHEN b.nd = 3 THEN b.c_hi >= '
        yield str((undefined(name='k') if l_0_k is missing else l_0_k))
        yield '\n           ELSE 1 = 1 END\n'

blocks = {}
debug_info = '18=55&19=58&20=61&21=64&22=67&23=70&25=72&27=78&29=89&34=93&36=102&37=104&38=112&39=115&40=120&41=130&43=132'