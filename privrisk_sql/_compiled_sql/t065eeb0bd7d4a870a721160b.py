from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/output_by_codes.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_target = resolve('target')
    l_0_keep = resolve('keep')
    l_0_dims = resolve('dims')
    l_0_labels_only = resolve('labels_only')
    l_0_in_input_order = resolve('in_input_order')
    l_0_rid = resolve('rid')
    l_0_relation = resolve('relation')
    l_0_globals = resolve('globals')
    l_0_fn = resolve('fn')
    l_0_tuples = resolve('tuples')
    l_0_m = l_0_same_tuple = missing
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
        t_5 = environment.filters['rejectattr']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'rejectattr' found.")
    try:
        t_6 = environment.filters['selectattr']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No filter named 'selectattr' found.")
    try:
        t_7 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_7(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    l_0_m = context.vars['m'] = environment.get_template('_mondrian.sql.j2', 'mondrian/output_by_codes.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    def macro(l_1_d, l_1_x):
        t_8 = []
        l_1_t = resolve('t')
        l_1_y = resolve('y')
        if l_1_d is missing:
            l_1_d = undefined("parameter 'd' was not provided", name='d')
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        pass
        if (environment.getattr(l_1_d, 'is_text') and environment.getattr(l_1_d, 'has_nulls')):
            pass
            l_1_y = (str_join(('CAST(', l_1_x, ' AS ', environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'text'), ')', )) if environment.getattr(l_1_d, 'has_value_bounds') else l_1_x)
            t_8.extend((
                'COALESCE(b.v',
                str(environment.getattr(l_1_d, 'index')),
                ", '') = ",
                str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'binary_text'), str_join(('COALESCE(', (undefined(name='y') if l_1_y is missing else l_1_y), ", '')", )))),
                ' AND (b.v',
                str(environment.getattr(l_1_d, 'index')),
                ' IS NULL) = (',
                str(l_1_x),
                ' IS NULL)',
            ))
        elif environment.getattr(l_1_d, 'is_text'):
            pass
            t_8.extend((
                'b.v',
                str(environment.getattr(l_1_d, 'index')),
                ' = ',
                str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'binary_text'), l_1_x)),
            ))
        elif environment.getattr(l_1_d, 'has_nulls'):
            pass
            t_8.extend((
                'b.c',
                str(environment.getattr(l_1_d, 'index')),
                ' = COALESCE(CAST(',
                str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'code'), l_1_d, l_1_x)),
                ' AS ',
                str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'double')),
                '), g.null_code',
                str(environment.getattr(l_1_d, 'index')),
                ')',
            ))
        else:
            pass
            t_8.extend((
                'b.c',
                str(environment.getattr(l_1_d, 'index')),
                ' = CAST(',
                str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'code'), l_1_d, l_1_x)),
                ' AS ',
                str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'double')),
                ')',
            ))
        return concat(t_8)
    context.exported_vars.add('same_tuple')
    context.vars['same_tuple'] = l_0_same_tuple = Macro(environment, macro, 'same_tuple', ('d', 'x'), False, False, False, context.eval_ctx.autoescape)
    if (not t_7((undefined(name='target') if l_0_target is missing else l_0_target))):
        pass
        yield 'CREATE TABLE '
        yield str((undefined(name='target') if l_0_target is missing else l_0_target))
        yield ' AS\n'
    yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'output_columns'), (undefined(name='keep') if l_0_keep is missing else l_0_keep), (undefined(name='dims') if l_0_dims is missing else l_0_dims), (undefined(name='labels_only') if l_0_labels_only is missing else l_0_labels_only)))
    yield '\nFROM (SELECT '
    if (undefined(name='in_input_order') if l_0_in_input_order is missing else l_0_in_input_order):
        pass
        yield 'ROW_NUMBER() OVER () AS '
        yield str(t_4(context, (undefined(name='rid') if l_0_rid is missing else l_0_rid)))
        yield ', '
    yield str(t_1(context.eval_ctx, t_3(context, ((undefined(name='keep') if l_0_keep is missing else l_0_keep) + t_2(context.eval_ctx, t_3(context, (undefined(name='dims') if l_0_dims is missing else l_0_dims), attribute='column'))), 'quote'), ', '))
    yield ' FROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))
    yield ') r\n'
    if t_2(context.eval_ctx, t_5(context, t_6(context, (undefined(name='dims') if l_0_dims is missing else l_0_dims), 'has_nulls'), 'is_text')):
        pass
        yield 'CROSS JOIN '
        yield str(t_4(context, (undefined(name='globals') if l_0_globals is missing else l_0_globals)))
        yield ' g\n'
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'inner_join_left_first')))
    yield ' '
    yield str(t_4(context, (undefined(name='tuples') if l_0_tuples is missing else l_0_tuples)))
    yield ' b ON '
    l_1_loop = missing
    for l_1_d, l_1_loop in LoopContext((undefined(name='dims') if l_0_dims is missing else l_0_dims), undefined):
        _loop_vars = {}
        pass
        yield str(context.call((undefined(name='same_tuple') if l_0_same_tuple is missing else l_0_same_tuple), l_1_d, str_join(('r.', t_4(context, environment.getattr(l_1_d, 'column')), )), _loop_vars=_loop_vars))
        yield str(('\n AND ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 35 in 'mondrian/output_by_codes.sql.j2' evaluated to false and no else section was defined.")))
    l_1_loop = l_1_d = missing
    yield '\n'
    if (undefined(name='in_input_order') if l_0_in_input_order is missing else l_0_in_input_order):
        pass
        yield 'ORDER BY r.'
        yield str(t_4(context, (undefined(name='rid') if l_0_rid is missing else l_0_rid)))
        yield '\n'

blocks = {}
debug_info = '1=64&14=66&15=75&17=77&18=80&19=89&20=93&21=97&22=101&24=114&27=124&28=127&30=129&31=131&32=140&33=143&35=145&37=157&38=160'