from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/value_sets.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_fn = resolve('fn')
    l_0_name = resolve('name')
    l_0_dims = resolve('dims')
    l_0_m = missing
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    l_0_m = context.vars['m'] = environment.get_template('_mondrian.sql.j2', 'mondrian/value_sets.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'create_temp_table_as'), (undefined(name='name') if l_0_name is missing else l_0_name)))
    yield '\n'
    def t_2(fiter):
        for l_1_d in fiter:
            if environment.getattr(l_1_d, 'is_categorical'):
                yield l_1_d
    l_1_loop = missing
    for l_1_d, l_1_loop in LoopContext(t_2((undefined(name='dims') if l_0_dims is missing else l_0_dims)), undefined):
        l_1_work = resolve('work')
        _loop_vars = {}
        pass
        yield str(('UNION ALL' if (not environment.getattr(l_1_loop, 'first')) else cond_expr_undefined("the inline if-expression on line 7 in 'mondrian/value_sets.sql.j2' evaluated to false and no else section was defined.")))
        yield '\nSELECT x.pid, '
        yield str(environment.getattr(l_1_d, 'index'))
        yield ' AS dim, '
        yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'ordered_concat'), context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'json_element'), l_1_d, 'x.c', 'v', _loop_vars=_loop_vars), 'x.c', _loop_vars=_loop_vars))
        yield ' AS vals\nFROM (SELECT DISTINCT pid, c'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ' AS c FROM '
        yield str(t_1(context, (undefined(name='work') if l_1_work is missing else l_1_work)))
        yield ') x\n'
        if environment.getattr(l_1_d, 'is_text'):
            pass
            yield 'LEFT JOIN '
            yield str(t_1(context, environment.getattr(l_1_d, 'map')))
            yield ' v ON v.code = x.c\n'
        yield 'GROUP BY x.pid\n'
    l_1_loop = l_1_d = l_1_work = missing

blocks = {}
debug_info = '1=21&5=23&6=25&7=34&8=36&9=40&10=44&11=47'