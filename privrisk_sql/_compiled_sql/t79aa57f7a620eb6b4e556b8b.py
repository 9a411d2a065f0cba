from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_mondrian.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_shared = l_0_dim_value = l_0_original = l_0_bound = l_0_code = l_0_rank_joins = l_0_output_columns = l_0_json_element = l_0_sensitive_code = l_0_tight_depths = l_0_rank_map_join = missing
    try:
        t_1 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_2 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    try:
        t_3 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    l_0_shared = context.vars['shared'] = environment.get_template('_macros.sql.j2', '_mondrian.sql.j2')._get_default_module(context)
    context.exported_vars.discard('shared')
    def macro(l_1_dim, l_1_w, l_1_dims):
        t_4 = []
        if l_1_dim is missing:
            l_1_dim = undefined("parameter 'dim' was not provided", name='dim')
        if l_1_w is missing:
            l_1_w = undefined("parameter 'w' was not provided", name='w')
        if l_1_dims is missing:
            l_1_dims = undefined("parameter 'dims' was not provided", name='dims')
        pass
        if (t_1(l_1_dims) == 1):
            pass
            t_4.extend((
                str(l_1_w),
                '.c',
                str(environment.getattr(environment.getitem(l_1_dims, 0), 'index')),
            ))
        else:
            pass
            t_4.extend((
                'CASE ',
                str(l_1_dim),
            ))
            for l_2_d in l_1_dims:
                _loop_vars = {}
                pass
                t_4.extend((
                    ' WHEN ',
                    str(environment.getattr(l_2_d, 'index')),
                    ' THEN ',
                    str(l_1_w),
                    '.c',
                    str(environment.getattr(l_2_d, 'index')),
                ))
            l_2_d = missing
            t_4.append(
                ' END',
            )
        return concat(t_4)
    context.exported_vars.add('dim_value')
    context.vars['dim_value'] = l_0_dim_value = Macro(environment, macro, 'dim_value', ('dim', 'w', 'dims'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_d, l_1_x):
        t_5 = []
        l_1_fn = resolve('fn')
        if l_1_d is missing:
            l_1_d = undefined("parameter 'd' was not provided", name='d')
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        pass
        t_5.append(
            str((context.call(environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'nan_to_null'), l_1_x) if environment.getattr(l_1_d, 'is_float') else l_1_x)),
        )
        return concat(t_5)
    context.exported_vars.add('original')
    context.vars['original'] = l_0_original = Macro(environment, macro, 'original', ('d', 'x'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_d, l_1_x):
        t_6 = []
        if l_1_d is missing:
            l_1_d = undefined("parameter 'd' was not provided", name='d')
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        pass
        if environment.getattr(l_1_d, 'is_float'):
            pass
            t_6.extend((
                'CASE WHEN ',
                str(l_1_x),
                ' = 0 THEN ABS(',
                str(l_1_x),
                ') ELSE ',
                str(context.call((undefined(name='original') if l_0_original is missing else l_0_original), l_1_d, l_1_x)),
                ' END',
            ))
        else:
            pass
            t_6.append(
                str(context.call((undefined(name='original') if l_0_original is missing else l_0_original), l_1_d, l_1_x)),
            )
        return concat(t_6)
    context.exported_vars.add('bound')
    context.vars['bound'] = l_0_bound = Macro(environment, macro, 'bound', ('d', 'x'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_d, l_1_x):
        t_7 = []
        l_1_fn = resolve('fn')
        if l_1_d is missing:
            l_1_d = undefined("parameter 'd' was not provided", name='d')
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        pass
        if environment.getattr(l_1_d, 'is_text'):
            pass
            t_7.extend((
                'm',
                str(environment.getattr(l_1_d, 'index')),
                '.code',
            ))
        elif (environment.getattr(l_1_d, 'kind') == 'temporal'):
            pass
            t_7.append(
                str(context.call(environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'epoch_seconds'), l_1_x)),
            )
        elif (environment.getattr(l_1_d, 'kind') == 'boolean'):
            pass
            t_7.extend((
                'CASE WHEN ',
                str(l_1_x),
                ' IS NULL THEN NULL WHEN ',
                str(l_1_x),
                ' THEN 1 ELSE 0 END',
            ))
        elif (not t_3(environment.getattr(l_1_d, 'origin'))):
            pass
            t_7.extend((
                '(',
                str(context.call((undefined(name='original') if l_0_original is missing else l_0_original), l_1_d, l_1_x)),
                ' - ',
                str(environment.getattr(l_1_d, 'origin')),
                ')',
            ))
        else:
            pass
            t_7.append(
                str(context.call((undefined(name='original') if l_0_original is missing else l_0_original), l_1_d, l_1_x)),
            )
        return concat(t_7)
    context.exported_vars.add('code')
    context.vars['code'] = l_0_code = Macro(environment, macro, 'code', ('d', 'x'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_dims, l_1_pad):
        t_8 = []
        if l_1_dims is missing:
            l_1_dims = undefined("parameter 'dims' was not provided", name='dims')
        if l_1_pad is missing:
            l_1_pad = ''
        pass
        def t_9(fiter):
            for l_2_d in fiter:
                if environment.getattr(l_2_d, 'is_text'):
                    yield l_2_d
        for l_2_d in t_9(l_1_dims):
            l_2_fn = resolve('fn')
            _loop_vars = {}
            pass
            t_8.extend((
                str(l_1_pad),
                'LEFT JOIN ',
                str(t_2(context, environment.getattr(l_2_d, 'map'))),
                ' m',
                str(environment.getattr(l_2_d, 'index')),
                ' ON m',
                str(environment.getattr(l_2_d, 'index')),
                '.val = ',
                str(context.call(environment.getattr((undefined(name='fn') if l_2_fn is missing else l_2_fn), 'binary_text'), str_join(('r.', t_2(context, environment.getattr(l_2_d, 'column')), )), _loop_vars=_loop_vars)),
                '\n',
            ))
        l_2_d = l_2_fn = missing
        return concat(t_8)
    context.exported_vars.add('rank_joins')
    context.vars['rank_joins'] = l_0_rank_joins = Macro(environment, macro, 'rank_joins', ('dims', 'pad'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_keep, l_1_dims, l_1_labels_only):
        t_10 = []
        if l_1_keep is missing:
            l_1_keep = undefined("parameter 'keep' was not provided", name='keep')
        if l_1_dims is missing:
            l_1_dims = undefined("parameter 'dims' was not provided", name='dims')
        if l_1_labels_only is missing:
            l_1_labels_only = undefined("parameter 'labels_only' was not provided", name='labels_only')
        pass
        t_10.append(
            'SELECT ',
        )
        for l_2_c in l_1_keep:
            _loop_vars = {}
            pass
            t_10.extend((
                'r.',
                str(t_2(context, l_2_c)),
                ', ',
            ))
        l_2_c = missing
        t_10.extend((
            'b.partition_id AS ',
            str(t_2(context, 'partition_id')),
            '\n',
        ))
        for l_2_d in l_1_dims:
            _loop_vars = {}
            pass
            t_10.append(
                '     , ',
            )
            if (not l_1_labels_only):
                pass
                t_10.extend((
                    'b.lo',
                    str(environment.getattr(l_2_d, 'index')),
                    ' AS ',
                    str(t_2(context, str_join((environment.getattr(l_2_d, 'column'), '_lo', )))),
                    ', b.hi',
                    str(environment.getattr(l_2_d, 'index')),
                    ' AS ',
                    str(t_2(context, str_join((environment.getattr(l_2_d, 'column'), '_hi', )))),
                    ', ',
                ))
            t_10.extend((
                'b.gen',
                str(environment.getattr(l_2_d, 'index')),
                ' AS ',
                str(t_2(context, str_join((environment.getattr(l_2_d, 'column'), '_gen', )))),
                '\n',
            ))
        l_2_d = missing
        return concat(t_10)
    context.exported_vars.add('output_columns')
    context.vars['output_columns'] = l_0_output_columns = Macro(environment, macro, 'output_columns', ('keep', 'dims', 'labels_only'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_d, l_1_c, l_1_map):
        t_11 = []
        if l_1_d is missing:
            l_1_d = undefined("parameter 'd' was not provided", name='d')
        if l_1_c is missing:
            l_1_c = undefined("parameter 'c' was not provided", name='c')
        if l_1_map is missing:
            l_1_map = undefined("parameter 'map' was not provided", name='map')
        pass
        if environment.getattr(l_1_d, 'is_text'):
            pass
            t_11.extend((
                'COALESCE(\'"\' || ',
                str(l_1_map),
                '.json_text || \'"\', \'null\')',
            ))
        else:
            pass
            t_11.extend((
                'CASE WHEN ',
                str(l_1_c),
                " = 1 THEN 'true' WHEN ",
                str(l_1_c),
                " = 0 THEN 'false' ELSE 'null' END",
            ))
        return concat(t_11)
    context.exported_vars.add('json_element')
    context.vars['json_element'] = l_0_json_element = Macro(environment, macro, 'json_element', ('d', 'c', 'map'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_a, l_1_x):
        t_12 = []
        l_1_fn = resolve('fn')
        l_1_v = resolve('v')
        if l_1_a is missing:
            l_1_a = undefined("parameter 'a' was not provided", name='a')
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        pass
        if environment.getattr(l_1_a, 'order'):
            pass
            l_1_v = context.call(environment.getattr((undefined(name='shared') if l_0_shared is missing else l_0_shared), 'place_in_order'), context.call(environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'binary_text'), l_1_x), environment.getattr(l_1_a, 'order'))
        else:
            pass
            l_1_v = (context.call(environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'binary_text'), l_1_x) if environment.getattr(l_1_a, 'is_text') else (context.call(environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'nan_to_null'), l_1_x) if environment.getattr(l_1_a, 'is_float') else l_1_x))
        t_12.extend((
            'CASE WHEN ',
            str((undefined(name='v') if l_1_v is missing else l_1_v)),
            ' IS NULL THEN NULL ELSE DENSE_RANK() OVER (ORDER BY CASE WHEN ',
            str((undefined(name='v') if l_1_v is missing else l_1_v)),
            ' IS NULL THEN 1 ELSE 0 END, ',
            str((context.call(environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'window_key'), (undefined(name='v') if l_1_v is missing else l_1_v)) if (environment.getattr(l_1_a, 'is_text') and (not environment.getattr(l_1_a, 'order'))) else (undefined(name='v') if l_1_v is missing else l_1_v))),
            ') END',
        ))
        return concat(t_12)
    context.exported_vars.add('sensitive_code')
    context.vars['sensitive_code'] = l_0_sensitive_code = Macro(environment, macro, 'sensitive_code', ('a', 'x'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_d, l_1_partitions):
        t_13 = []
        if l_1_d is missing:
            l_1_d = undefined("parameter 'd' was not provided", name='d')
        if l_1_partitions is missing:
            l_1_partitions = undefined("parameter 'partitions' was not provided", name='partitions')
        pass
        t_13.extend((
            '(SELECT tp.pid, MAX(ta.depth) AS depth\n   FROM ',
            str(t_2(context, l_1_partitions)),
            ' tp\n   JOIN ',
            str(t_2(context, environment.getattr(l_1_d, 'nodes'))),
            ' ta ON ta.code = tp.lo',
            str(environment.getattr(l_1_d, 'index')),
            '\n   JOIN ',
            str(t_2(context, environment.getattr(l_1_d, 'nodes'))),
            ' tb ON tb.code = tp.hi',
            str(environment.getattr(l_1_d, 'index')),
            ' AND tb.depth = ta.depth AND ',
            str(('(tb.label = ta.label OR tb.label IS NULL AND ta.label IS NULL)' if environment.getattr(l_1_d, 'has_nulls') else 'tb.label = ta.label')),
            '\n  GROUP BY tp.pid)',
        ))
        return concat(t_13)
    context.exported_vars.add('tight_depths')
    context.vars['tight_depths'] = l_0_tight_depths = Macro(environment, macro, 'tight_depths', ('d', 'partitions'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_d, l_1_alias, l_1_code):
        t_14 = []
        if l_1_d is missing:
            l_1_d = undefined("parameter 'd' was not provided", name='d')
        if l_1_alias is missing:
            l_1_alias = undefined("parameter 'alias' was not provided", name='alias')
        if l_1_code is missing:
            l_1_code = undefined("parameter 'code' was not provided", name='code')
        pass
        t_14.extend((
            'LEFT JOIN ',
            str(t_2(context, environment.getattr(l_1_d, 'map'))),
            ' ',
            str(l_1_alias),
            ' ON ',
            str(l_1_alias),
            '.code = ',
            str(l_1_code),
        ))
        if environment.getattr(l_1_d, 'has_nulls'):
            pass
            t_14.extend((
                ' AND ',
                str(l_1_code),
                ' > g.null_code',
                str(environment.getattr(l_1_d, 'index')),
            ))
        return concat(t_14)
    context.exported_vars.add('rank_map_join')
    context.vars['rank_map_join'] = l_0_rank_map_join = Macro(environment, macro, 'rank_map_join', ('d', 'alias', 'code'), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '1=30&3=32&4=41&5=44&7=52&12=72&13=81&19=86&20=93&21=97&23=107&29=112&30=120&31=124&32=127&33=130&34=132&35=136&36=141&37=145&39=153&45=158&46=165&47=174&54=189&55=201&56=215&57=221&63=245&64=254&65=258&67=265&75=273&76=282&77=284&79=287&81=290&90=300&92=309&93=311&94=315&101=325&102=336'