from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/quality.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_dims = resolve('dims')
    l_0_partitions = resolve('partitions')
    l_0_globals = resolve('globals')
    l_0_m = missing
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    l_0_m = context.vars['m'] = environment.get_template('_mondrian.sql.j2', 'mondrian/quality.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    yield 'SELECT COUNT(*) AS partitions, MIN(p.n) AS min_size, MAX(p.n) AS max_size, SUM(p.n * p.n) AS discernibility\n'
    for l_1_d in (undefined(name='dims') if l_0_dims is missing else l_0_dims):
        _loop_vars = {}
        pass
        if environment.getattr(l_1_d, 'is_hierarchy'):
            pass
            yield '     , SUM(p.n * n'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '.share) AS ncp'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '\n'
        elif environment.getattr(l_1_d, 'is_categorical'):
            pass
            yield '     , SUM(p.n * CASE WHEN g.range'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ' = 0 THEN 0 ELSE (p.nd'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ' - 1) / g.range'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ' END) AS ncp'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '\n'
        else:
            pass
            yield '     , SUM(p.n * CASE WHEN p.hi'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ' = p.lo'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ' THEN 0'
            if environment.getattr(l_1_d, 'has_nulls'):
                pass
                yield ' WHEN p.lo'
                yield str(environment.getattr(l_1_d, 'index'))
                yield ' = g.null_code'
                yield str(environment.getattr(l_1_d, 'index'))
                yield ' THEN 1'
            yield ' WHEN g.range'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ' = 0 THEN 0 ELSE (p.hi'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ' - p.lo'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ') / g.range'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ' END) AS ncp'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '\n'
    l_1_d = missing
    yield 'FROM '
    yield str(t_1(context, (undefined(name='partitions') if l_0_partitions is missing else l_0_partitions)))
    yield ' p CROSS JOIN '
    yield str(t_1(context, (undefined(name='globals') if l_0_globals is missing else l_0_globals)))
    yield ' g\n'
    def t_2(fiter):
        for l_1_d in fiter:
            if environment.getattr(l_1_d, 'is_hierarchy'):
                yield l_1_d
    for l_1_d in t_2((undefined(name='dims') if l_0_dims is missing else l_0_dims)):
        l_1_fn = resolve('fn')
        _loop_vars = {}
        pass
        yield str(context.call(environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'inner_join_left_first'), _loop_vars=_loop_vars))
        yield ' '
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'tight_depths'), l_1_d, (undefined(name='partitions') if l_0_partitions is missing else l_0_partitions), _loop_vars=_loop_vars))
        yield ' td'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ' ON td'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '.pid = p.pid\n'
        yield str(context.call(environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'inner_join_left_first'), _loop_vars=_loop_vars))
        yield ' '
        yield str(t_1(context, environment.getattr(l_1_d, 'nodes')))
        yield ' n'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ' ON n'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '.code = p.lo'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ' AND n'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '.depth = td'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '.depth\n'
    l_1_d = l_1_fn = missing

blocks = {}
debug_info = '8=21&10=24&11=27&12=30&13=34&14=37&16=48&19=72&20=76&21=84&22=92'