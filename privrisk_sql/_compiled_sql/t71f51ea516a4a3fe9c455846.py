from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/partition_labels.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_fn = resolve('fn')
    l_0_name = resolve('name')
    l_0_dims = resolve('dims')
    l_0_partitions = resolve('partitions')
    l_0_globals = resolve('globals')
    l_0_m = l_0_lo = l_0_hi = l_0_text = l_0_present_range = missing
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    l_0_m = context.vars['m'] = environment.get_template('_mondrian.sql.j2', 'mondrian/partition_labels.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    def macro(l_1_d):
        t_2 = []
        if l_1_d is missing:
            l_1_d = undefined("parameter 'd' was not provided", name='d')
        pass
        if (environment.getattr(l_1_d, 'is_hierarchy') and environment.getattr(l_1_d, 'has_value_bounds')):
            pass
            t_2.extend((
                'p.vlo',
                str(environment.getattr(l_1_d, 'index')),
            ))
        elif environment.getattr(l_1_d, 'is_text'):
            pass
            t_2.extend((
                'mlo',
                str(environment.getattr(l_1_d, 'index')),
                '.val',
            ))
        elif (environment.getattr(l_1_d, 'kind') == 'boolean'):
            pass
            t_2.extend((
                'CASE WHEN p.lo',
                str(environment.getattr(l_1_d, 'index')),
                ' = 1 THEN TRUE WHEN p.lo',
                str(environment.getattr(l_1_d, 'index')),
                ' = 0 THEN FALSE END',
            ))
        elif environment.getattr(l_1_d, 'has_nulls'):
            pass
            t_2.extend((
                'CASE WHEN p.lo',
                str(environment.getattr(l_1_d, 'index')),
                ' = g.null_code',
                str(environment.getattr(l_1_d, 'index')),
                ' THEN NULL ELSE p.vlo',
                str(environment.getattr(l_1_d, 'index')),
                ' END',
            ))
        else:
            pass
            t_2.extend((
                'p.vlo',
                str(environment.getattr(l_1_d, 'index')),
            ))
        return concat(t_2)
    context.exported_vars.add('lo')
    context.vars['lo'] = l_0_lo = Macro(environment, macro, 'lo', ('d',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_d):
        t_3 = []
        if l_1_d is missing:
            l_1_d = undefined("parameter 'd' was not provided", name='d')
        pass
        if (environment.getattr(l_1_d, 'is_hierarchy') and environment.getattr(l_1_d, 'has_value_bounds')):
            pass
            t_3.extend((
                'p.vhi',
                str(environment.getattr(l_1_d, 'index')),
            ))
        elif environment.getattr(l_1_d, 'is_text'):
            pass
            t_3.extend((
                'mhi',
                str(environment.getattr(l_1_d, 'index')),
                '.val',
            ))
        elif (environment.getattr(l_1_d, 'kind') == 'boolean'):
            pass
            t_3.extend((
                'CASE WHEN p.hi',
                str(environment.getattr(l_1_d, 'index')),
                ' = 1 THEN TRUE WHEN p.hi',
                str(environment.getattr(l_1_d, 'index')),
                ' = 0 THEN FALSE END',
            ))
        else:
            pass
            t_3.extend((
                'p.vhi',
                str(environment.getattr(l_1_d, 'index')),
            ))
        return concat(t_3)
    context.exported_vars.add('hi')
    context.vars['hi'] = l_0_hi = Macro(environment, macro, 'hi', ('d',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_d, l_1_x):
        t_4 = []
        l_1_t = resolve('t')
        if l_1_d is missing:
            l_1_d = undefined("parameter 'd' was not provided", name='d')
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        pass
        if (environment.getattr(l_1_d, 'kind') == 'boolean'):
            pass
            t_4.extend((
                'CASE WHEN ',
                str(l_1_x),
                " = 1 THEN 'true' WHEN ",
                str(l_1_x),
                " = 0 THEN 'false' END",
            ))
        else:
            pass
            t_4.extend((
                'CAST(',
                str(l_1_x),
                ' AS ',
                str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'text')),
                ')',
            ))
        return concat(t_4)
    context.exported_vars.add('text')
    context.vars['text'] = l_0_text = Macro(environment, macro, 'text', ('d', 'x'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_d):
        t_5 = []
        l_1_t = resolve('t')
        if l_1_d is missing:
            l_1_d = undefined("parameter 'd' was not provided", name='d')
        pass
        if environment.getattr(l_1_d, 'is_text'):
            pass
            t_5.extend((
                'CASE WHEN mlv',
                str(environment.getattr(l_1_d, 'index')),
                '.code = p.hi',
                str(environment.getattr(l_1_d, 'index')),
                ' THEN mlv',
                str(environment.getattr(l_1_d, 'index')),
                '.json_text ELSE mlv',
                str(environment.getattr(l_1_d, 'index')),
                ".json_text || '~' || mhi",
                str(environment.getattr(l_1_d, 'index')),
                '.json_text END',
            ))
        else:
            pass
            t_5.extend((
                'CASE WHEN p.vlo',
                str(environment.getattr(l_1_d, 'index')),
                ' = p.vhi',
                str(environment.getattr(l_1_d, 'index')),
                ' THEN CAST(p.vlo',
                str(environment.getattr(l_1_d, 'index')),
                ' AS ',
                str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'text')),
                ') ELSE CAST(p.vlo',
                str(environment.getattr(l_1_d, 'index')),
                ' AS ',
                str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'text')),
                ") || '~' || CAST(p.vhi",
                str(environment.getattr(l_1_d, 'index')),
                ' AS ',
                str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'text')),
                ') END',
            ))
        return concat(t_5)
    context.exported_vars.add('present_range')
    context.vars['present_range'] = l_0_present_range = Macro(environment, macro, 'present_range', ('d',), False, False, False, context.eval_ctx.autoescape)
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'create_temp_table_as'), (undefined(name='name') if l_0_name is missing else l_0_name)))
    yield '\nSELECT p.pid, p.partition_id\n'
    for l_1_d in (undefined(name='dims') if l_0_dims is missing else l_0_dims):
        _loop_vars = {}
        pass
        yield '     , '
        yield str(context.call((undefined(name='lo') if l_0_lo is missing else l_0_lo), l_1_d, _loop_vars=_loop_vars))
        yield ' AS lo'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ', '
        yield str(context.call((undefined(name='hi') if l_0_hi is missing else l_0_hi), l_1_d, _loop_vars=_loop_vars))
        yield ' AS hi'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '\n'
        if environment.getattr(l_1_d, 'is_hierarchy'):
            pass
            yield '     , h'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '.label AS gen'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '\n'
        elif environment.getattr(l_1_d, 'is_categorical'):
            pass
            yield '     , CASE WHEN p.nd'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ' = 1 THEN '
            yield str(context.call((undefined(name='text') if l_0_text is missing else l_0_text), l_1_d, (context.call((undefined(name='lo') if l_0_lo is missing else l_0_lo), l_1_d, _loop_vars=_loop_vars) if environment.getattr(l_1_d, 'is_text') else str_join(('p.lo', environment.getattr(l_1_d, 'index'), ))), _loop_vars=_loop_vars))
            yield " ELSE '[' || s"
            yield str(environment.getattr(l_1_d, 'index'))
            yield ".vals || ']' END AS gen"
            yield str(environment.getattr(l_1_d, 'index'))
            yield '\n'
        else:
            pass
            yield '     , CASE WHEN p.lo'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ' = p.hi'
            yield str(environment.getattr(l_1_d, 'index'))
            if (environment.getattr(l_1_d, 'kind') in ('numeric', 'temporal')):
                pass
                yield ' AND (p.vlo'
                yield str(environment.getattr(l_1_d, 'index'))
                yield ' = p.vhi'
                yield str(environment.getattr(l_1_d, 'index'))
                yield ' OR p.vlo'
                yield str(environment.getattr(l_1_d, 'index'))
                yield ' IS NULL)'
            yield ' THEN '
            yield str(context.call((undefined(name='text') if l_0_text is missing else l_0_text), l_1_d, context.call((undefined(name='lo') if l_0_lo is missing else l_0_lo), l_1_d, _loop_vars=_loop_vars), _loop_vars=_loop_vars))
            yield '\n'
            if environment.getattr(l_1_d, 'has_nulls'):
                pass
                yield '            WHEN p.lo'
                yield str(environment.getattr(l_1_d, 'index'))
                yield ' = g.null_code'
                yield str(environment.getattr(l_1_d, 'index'))
                yield ' THEN \'[null,"\' || '
                yield str(context.call((undefined(name='present_range') if l_0_present_range is missing else l_0_present_range), l_1_d, _loop_vars=_loop_vars))
                yield ' || \'"]\'\n'
            yield '            ELSE '
            yield str(context.call((undefined(name='text') if l_0_text is missing else l_0_text), l_1_d, context.call((undefined(name='lo') if l_0_lo is missing else l_0_lo), l_1_d, _loop_vars=_loop_vars), _loop_vars=_loop_vars))
            yield " || '~' || "
            yield str(context.call((undefined(name='text') if l_0_text is missing else l_0_text), l_1_d, context.call((undefined(name='hi') if l_0_hi is missing else l_0_hi), l_1_d, _loop_vars=_loop_vars), _loop_vars=_loop_vars))
            yield ' END AS gen'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '\n'
    l_1_d = missing
    yield 'FROM '
    yield str(t_1(context, (undefined(name='partitions') if l_0_partitions is missing else l_0_partitions)))
    yield ' p\nCROSS JOIN '
    yield str(t_1(context, (undefined(name='globals') if l_0_globals is missing else l_0_globals)))
    yield ' g\n'
    def t_6(fiter):
        for l_1_d in fiter:
            if (environment.getattr(l_1_d, 'is_text') and (not environment.getattr(l_1_d, 'has_value_bounds'))):
                yield l_1_d
    for l_1_d in t_6((undefined(name='dims') if l_0_dims is missing else l_0_dims)):
        _loop_vars = {}
        pass
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'rank_map_join'), l_1_d, str_join(('mlo', environment.getattr(l_1_d, 'index'), )), str_join(('p.lo', environment.getattr(l_1_d, 'index'), )), _loop_vars=_loop_vars))
        yield '\n'
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'rank_map_join'), l_1_d, str_join(('mhi', environment.getattr(l_1_d, 'index'), )), str_join(('p.hi', environment.getattr(l_1_d, 'index'), )), _loop_vars=_loop_vars))
        yield '\n'
        if (environment.getattr(l_1_d, 'has_nulls') and (environment.getattr(l_1_d, 'kind') == 'ordinal')):
            pass
            yield 'LEFT JOIN '
            yield str(t_1(context, environment.getattr(l_1_d, 'map')))
            yield ' mlv'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ' ON mlv'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '.code = p.lv'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '\n'
    l_1_d = missing
    def t_7(fiter):
        for l_1_d in fiter:
            if environment.getattr(l_1_d, 'is_hierarchy'):
                yield l_1_d
    for l_1_d in t_7((undefined(name='dims') if l_0_dims is missing else l_0_dims)):
        _loop_vars = {}
        pass
        yield 'LEFT JOIN '
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'tight_depths'), l_1_d, (undefined(name='partitions') if l_0_partitions is missing else l_0_partitions), _loop_vars=_loop_vars))
        yield ' td'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ' ON td'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '.pid = p.pid\nLEFT JOIN '
        yield str(t_1(context, environment.getattr(l_1_d, 'nodes')))
        yield ' h'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ' ON h'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '.code = p.lo'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ' AND h'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '.depth = td'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '.depth\n'
    l_1_d = missing
    def t_8(fiter):
        for l_1_d in fiter:
            if environment.getattr(l_1_d, 'is_categorical'):
                yield l_1_d
    for l_1_d in t_8((undefined(name='dims') if l_0_dims is missing else l_0_dims)):
        l_1_value_sets = resolve('value_sets')
        _loop_vars = {}
        pass
        yield 'LEFT JOIN '
        yield str(t_1(context, (undefined(name='value_sets') if l_1_value_sets is missing else l_1_value_sets)))
        yield ' s'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ' ON s'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '.pid = p.pid AND s'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '.dim = '
        yield str(environment.getattr(l_1_d, 'index'))
        yield '\n'
    l_1_d = l_1_value_sets = missing

blocks = {}
debug_info = '10=23&11=25&12=30&13=34&14=36&15=40&16=43&17=47&18=52&19=56&21=67&24=72&25=77&26=81&27=83&28=87&29=90&30=94&32=103&36=108&37=116&38=120&40=129&45=137&46=143&47=147&49=162&52=182&54=184&55=188&56=196&57=199&58=203&59=206&61=217&62=232&63=235&65=242&68=250&69=252&70=254&71=261&72=263&73=265&74=268&77=277&78=285&79=291&81=304&82=313'