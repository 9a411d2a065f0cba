from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/split_rows.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_fn = resolve('fn')
    l_0_name = resolve('name')
    l_0_offset = resolve('offset')
    l_0_fan_out = resolve('fan_out')
    l_0_relaxed = resolve('relaxed')
    l_0_dims = resolve('dims')
    l_0_weighted = resolve('weighted')
    l_0_sensitive = resolve('sensitive')
    l_0_work = resolve('work')
    l_0_cuts = resolve('cuts')
    l_0_m = missing
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    l_0_m = context.vars['m'] = environment.get_template('_mondrian.sql.j2', 'mondrian/split_rows.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'create_temp_table_as'), (undefined(name='name') if l_0_name is missing else l_0_name)))
    yield '\nSELECT w.rid\n     , '
    yield str((undefined(name='offset') if l_0_offset is missing else l_0_offset))
    yield ' + '
    yield str((undefined(name='fan_out') if l_0_fan_out is missing else l_0_fan_out))
    yield ' * x.seq + '
    if (undefined(name='relaxed') if l_0_relaxed is missing else l_0_relaxed):
        pass
        yield 'CASE WHEN 2 * ROW_NUMBER() OVER (PARTITION BY w.pid ORDER BY '
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'dim_value'), 'x.dim', 'w', (undefined(name='dims') if l_0_dims is missing else l_0_dims)))
        yield ', w.rid) <= x.n THEN 0 ELSE 1 END'
    else:
        pass
        yield 'CASE'
        def t_2(fiter):
            for l_1_d in fiter:
                if environment.getattr(l_1_d, 'is_hierarchy'):
                    yield l_1_d
        for l_1_d in t_2((undefined(name='dims') if l_0_dims is missing else l_0_dims)):
            _loop_vars = {}
            pass
            yield ' WHEN x.dim = '
            yield str(environment.getattr(l_1_d, 'index'))
            yield ' THEN a'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '.child_no'
        l_1_d = missing
        yield ' WHEN '
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'dim_value'), 'x.dim', 'w', (undefined(name='dims') if l_0_dims is missing else l_0_dims)))
        yield ' > x.s THEN 1 ELSE 0 END'
    yield ' AS pid\n'
    if (undefined(name='weighted') if l_0_weighted is missing else l_0_weighted):
        pass
        yield '     , w.n\n'
    for l_1_d in (undefined(name='dims') if l_0_dims is missing else l_0_dims):
        _loop_vars = {}
        pass
        yield '     , w.c'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '\n'
    l_1_d = missing
    for l_1_a in (undefined(name='sensitive') if l_0_sensitive is missing else l_0_sensitive):
        _loop_vars = {}
        pass
        yield '     , w.s'
        yield str(environment.getattr(l_1_a, 'index'))
        yield '\n'
    l_1_a = missing
    def t_3(fiter):
        for l_1_d in fiter:
            if environment.getattr(l_1_d, 'is_hierarchy'):
                yield l_1_d
    for l_1_d in t_3((undefined(name='dims') if l_0_dims is missing else l_0_dims)):
        _loop_vars = {}
        pass
        yield '     , w.h'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ' + CASE WHEN x.dim = '
        yield str(environment.getattr(l_1_d, 'index'))
        yield ' THEN 1 ELSE 0 END AS h'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '\n'
    l_1_d = missing
    yield 'FROM '
    yield str(t_1(context, (undefined(name='work') if l_0_work is missing else l_0_work)))
    yield ' w\nJOIN (SELECT pid, dim, s, n, ROW_NUMBER() OVER (ORDER BY pid) AS seq FROM '
    yield str(t_1(context, (undefined(name='cuts') if l_0_cuts is missing else l_0_cuts)))
    yield ') x ON x.pid = w.pid\n'
    def t_4(fiter):
        for l_1_d in fiter:
            if environment.getattr(l_1_d, 'is_hierarchy'):
                yield l_1_d
    for l_1_d in t_4((undefined(name='dims') if l_0_dims is missing else l_0_dims)):
        _loop_vars = {}
        pass
        yield 'LEFT JOIN '
        yield str(t_1(context, environment.getattr(l_1_d, 'nodes')))
        yield ' a'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ' ON a'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '.code = w.c'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ' AND a'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '.depth = w.h'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ' + 1\n'
    l_1_d = missing

blocks = {}
debug_info = '1=28&7=30&9=32&10=61&13=64&14=68&16=71&17=75&19=78&20=86&22=94&23=96&24=98&25=106'