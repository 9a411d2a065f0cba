from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/code_tuples.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_dims = resolve('dims')
    l_0_fn = resolve('fn')
    l_0_name = resolve('name')
    l_0_t = resolve('t')
    l_0_sensitive = resolve('sensitive')
    l_0_relation = resolve('relation')
    l_0_m = l_0_codes = missing
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    l_0_m = context.vars['m'] = environment.get_template('_mondrian.sql.j2', 'mondrian/code_tuples.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    l_0_codes = []
    context.vars['codes'] = l_0_codes
    context.exported_vars.add('codes')
    for l_1_d in (undefined(name='dims') if l_0_dims is missing else l_0_dims):
        l_1__ = missing
        _loop_vars = {}
        pass
        l_1__ = context.call(environment.getattr((undefined(name='codes') if l_0_codes is missing else l_0_codes), 'append'), str_join(('x.c', environment.getattr(l_1_d, 'index'), )), _loop_vars=_loop_vars)
        _loop_vars['_'] = l_1__
    l_1_d = l_1__ = missing
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'create_temp_table_as'), (undefined(name='name') if l_0_name is missing else l_0_name)))
    yield '\nSELECT '
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'row_number_in_any_order'), (undefined(name='codes') if l_0_codes is missing else l_0_codes)))
    yield ' AS rid, CAST(0 AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'bigint'))
    yield ') AS pid, COUNT(*) AS n\n'
    def t_2(fiter):
        for l_1_d in fiter:
            if environment.getattr(l_1_d, 'is_hierarchy'):
                yield l_1_d
    for l_1_d in t_2((undefined(name='dims') if l_0_dims is missing else l_0_dims)):
        _loop_vars = {}
        pass
        yield '     , CAST(0 AS '
        yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'integer'))
        yield ') AS h'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '\n'
    l_1_d = missing
    for l_1_a in (undefined(name='sensitive') if l_0_sensitive is missing else l_0_sensitive):
        _loop_vars = {}
        pass
        yield '     , x.s'
        yield str(environment.getattr(l_1_a, 'index'))
        yield '\n'
    l_1_a = missing
    for l_1_d in (undefined(name='dims') if l_0_dims is missing else l_0_dims):
        _loop_vars = {}
        pass
        yield '     , x.c'
        yield str(environment.getattr(l_1_d, 'index'))
        if environment.getattr(l_1_d, 'has_value_bounds'):
            pass
            yield ', MIN(x.v'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ') AS vlo'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ', MAX(x.v'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ') AS vhi'
            yield str(environment.getattr(l_1_d, 'index'))
        yield '\n'
    l_1_d = missing
    yield 'FROM (\n'
    l_1_loop = missing
    for l_1_d, l_1_loop in LoopContext((undefined(name='dims') if l_0_dims is missing else l_0_dims), undefined):
        _loop_vars = {}
        pass
        yield '    '
        yield str(('SELECT' if environment.getattr(l_1_loop, 'first') else '     ,'))
        yield ' CAST('
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'code'), l_1_d, str_join(('r.', t_1(context, environment.getattr(l_1_d, 'column')), )), _loop_vars=_loop_vars))
        yield ' AS '
        yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
        yield ') AS c'
        yield str(environment.getattr(l_1_d, 'index'))
        if environment.getattr(l_1_d, 'has_value_bounds'):
            pass
            yield ', '
            yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'bound'), l_1_d, str_join(('r.', t_1(context, environment.getattr(l_1_d, 'column')), )), _loop_vars=_loop_vars))
            yield ' AS v'
            yield str(environment.getattr(l_1_d, 'index'))
        yield '\n'
    l_1_loop = l_1_d = missing
    for l_1_a in (undefined(name='sensitive') if l_0_sensitive is missing else l_0_sensitive):
        _loop_vars = {}
        pass
        yield '         , '
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'sensitive_code'), l_1_a, str_join(('r.', t_1(context, environment.getattr(l_1_a, 'column')), )), _loop_vars=_loop_vars))
        yield ' AS s'
        yield str(environment.getattr(l_1_a, 'index'))
        yield '\n'
    l_1_a = missing
    yield '    FROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))
    yield ' r\n'
    yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'rank_joins'), (undefined(name='dims') if l_0_dims is missing else l_0_dims), '    '))
    yield '\n) x\nGROUP BY '
    l_1_loop = missing
    for l_1_d, l_1_loop in LoopContext((undefined(name='dims') if l_0_dims is missing else l_0_dims), undefined):
        _loop_vars = {}
        pass
        yield 'x.c'
        yield str(environment.getattr(l_1_d, 'index'))
        yield str((', ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 34 in 'mondrian/code_tuples.sql.j2' evaluated to false and no else section was defined.")))
    l_1_loop = l_1_d = missing
    for l_1_a in (undefined(name='sensitive') if l_0_sensitive is missing else l_0_sensitive):
        _loop_vars = {}
        pass
        yield ', x.s'
        yield str(environment.getattr(l_1_a, 'index'))
    l_1_a = missing

blocks = {}
debug_info = '1=24&10=26&11=36&12=38&13=42&14=50&16=55&17=59&19=62&20=66&24=81&25=85&28=100&29=104&31=110&32=112&34=115'