from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/partitions.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_fn = resolve('fn')
    l_0_name = resolve('name')
    l_0_weighted = resolve('weighted')
    l_0_dims = resolve('dims')
    l_0_work = resolve('work')
    l_0_rows = resolve('rows')
    l_0_rid = resolve('rid')
    l_0_globals = resolve('globals')
    l_0_m = l_0_raw = missing
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
    l_0_m = context.vars['m'] = environment.get_template('_mondrian.sql.j2', 'mondrian/partitions.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    def macro(l_1_d, l_1_side):
        t_4 = []
        if l_1_d is missing:
            l_1_d = undefined("parameter 'd' was not provided", name='d')
        if l_1_side is missing:
            l_1_side = undefined("parameter 'side' was not provided", name='side')
        pass
        if (undefined(name='weighted') if l_0_weighted is missing else l_0_weighted):
            pass
            t_4.extend((
                'r.v',
                str(l_1_side),
                str(environment.getattr(l_1_d, 'index')),
            ))
        else:
            pass
            t_4.append(
                str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'bound'), l_1_d, str_join(('r.', t_2(context, environment.getattr(l_1_d, 'column')), )))),
            )
        return concat(t_4)
    context.exported_vars.add('raw')
    context.vars['raw'] = l_0_raw = Macro(environment, macro, 'raw', ('d', 'side'), False, False, False, context.eval_ctx.autoescape)
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'create_temp_table_as'), (undefined(name='name') if l_0_name is missing else l_0_name)))
    yield '\nSELECT w.pid, '
    yield str(('SUM(w.n)' if (undefined(name='weighted') if l_0_weighted is missing else l_0_weighted) else 'COUNT(*)'))
    yield ' AS n\n'
    for l_1_d in (undefined(name='dims') if l_0_dims is missing else l_0_dims):
        _loop_vars = {}
        pass
        yield '     , MIN(w.c'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ') AS lo'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ', MAX(w.c'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ') AS hi'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '\n'
        if environment.getattr(l_1_d, 'is_categorical'):
            pass
            yield '     , COUNT(DISTINCT w.c'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ') AS nd'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '\n'
        elif ((environment.getattr(l_1_d, 'kind') == 'ordinal') and environment.getattr(l_1_d, 'has_nulls')):
            pass
            yield '     , MIN(CASE WHEN w.c'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ' > g.null_code'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ' THEN w.c'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ' END) AS lv'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '\n'
        if environment.getattr(l_1_d, 'has_value_bounds'):
            pass
            yield '     , MIN('
            yield str(context.call((undefined(name='raw') if l_0_raw is missing else l_0_raw), l_1_d, 'lo', _loop_vars=_loop_vars))
            yield ') AS vlo'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ', MAX('
            yield str(context.call((undefined(name='raw') if l_0_raw is missing else l_0_raw), l_1_d, 'hi', _loop_vars=_loop_vars))
            yield ') AS vhi'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '\n'
    l_1_d = missing
    yield '     , ROW_NUMBER() OVER (ORDER BY '
    for l_1_d in (undefined(name='dims') if l_0_dims is missing else l_0_dims):
        _loop_vars = {}
        pass
        yield 'MIN(w.c'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '), '
    l_1_d = missing
    for l_1_d in (undefined(name='dims') if l_0_dims is missing else l_0_dims):
        _loop_vars = {}
        pass
        yield 'MAX(w.c'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '), '
    l_1_d = missing
    yield 'w.pid) AS partition_id\nFROM '
    yield str(t_2(context, (undefined(name='work') if l_0_work is missing else l_0_work)))
    yield ' w JOIN '
    yield str(t_2(context, (undefined(name='rows') if l_0_rows is missing else l_0_rows)))
    yield ' r ON r.'
    yield str(t_2(context, ('rid' if (undefined(name='weighted') if l_0_weighted is missing else l_0_weighted) else (undefined(name='rid') if l_0_rid is missing else l_0_rid))))
    yield ' = w.rid\n'
    if t_1(context.eval_ctx, t_3(context, t_3(context, (undefined(name='dims') if l_0_dims is missing else l_0_dims), 'has_nulls'), 'kind', 'equalto', 'ordinal')):
        pass
        yield 'CROSS JOIN '
        yield str(t_2(context, (undefined(name='globals') if l_0_globals is missing else l_0_globals)))
        yield ' g\n'
    yield 'GROUP BY w.pid'

blocks = {}
debug_info = '5=38&6=40&7=47&9=62&10=64&11=66&12=70&13=78&14=81&15=85&16=88&18=96&19=99&22=109&23=124&24=130&25=133'