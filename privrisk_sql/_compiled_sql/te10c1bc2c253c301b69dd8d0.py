from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/tuple_labels.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_dims = resolve('dims')
    l_0_fn = resolve('fn')
    l_0_name = resolve('name')
    l_0_distinct = resolve('distinct')
    l_0_work = resolve('work')
    l_0_labels = resolve('labels')
    l_0_globals = resolve('globals')
    l_0_m = l_0_null_text = missing
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
    l_0_m = context.vars['m'] = environment.get_template('_mondrian.sql.j2', 'mondrian/tuple_labels.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    l_0_null_text = t_1(context.eval_ctx, t_3(context, t_3(context, (undefined(name='dims') if l_0_dims is missing else l_0_dims), 'is_text'), 'has_nulls'))
    context.vars['null_text'] = l_0_null_text
    context.exported_vars.add('null_text')
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'create_temp_table_as'), (undefined(name='name') if l_0_name is missing else l_0_name)))
    yield '\nSELECT '
    yield str(('DISTINCT ' if (undefined(name='distinct') if l_0_distinct is missing else l_0_distinct) else cond_expr_undefined("the inline if-expression on line 12 in 'mondrian/tuple_labels.sql.j2' evaluated to false and no else section was defined.")))
    for l_1_d in (undefined(name='dims') if l_0_dims is missing else l_0_dims):
        _loop_vars = {}
        pass
        yield 'w.c'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ', '
        if environment.getattr(l_1_d, 'is_text'):
            pass
            yield 'm'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '.val AS v'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ', '
    l_1_d = missing
    yield 'b.*\nFROM '
    yield str(t_2(context, (undefined(name='work') if l_0_work is missing else l_0_work)))
    yield ' w JOIN '
    yield str(t_2(context, (undefined(name='labels') if l_0_labels is missing else l_0_labels)))
    yield ' b ON b.pid = w.pid\n'
    if (undefined(name='null_text') if l_0_null_text is missing else l_0_null_text):
        pass
        yield 'CROSS JOIN '
        yield str(t_2(context, (undefined(name='globals') if l_0_globals is missing else l_0_globals)))
        yield ' g\n'
    def t_4(fiter):
        for l_1_d in fiter:
            if environment.getattr(l_1_d, 'is_text'):
                yield l_1_d
    for l_1_d in t_4((undefined(name='dims') if l_0_dims is missing else l_0_dims)):
        _loop_vars = {}
        pass
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'rank_map_join'), l_1_d, str_join(('m', environment.getattr(l_1_d, 'index'), )), str_join(('w.c', environment.getattr(l_1_d, 'index'), )), _loop_vars=_loop_vars))
        yield '\n'
    l_1_d = missing

blocks = {}
debug_info = '9=37&10=39&11=42&12=44&13=60&14=64&15=67&17=69&18=76'