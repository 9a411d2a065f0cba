from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_macros.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_key_value = l_0_input_order = l_0_plain_key = l_0_group_keys = l_0_qids_not_null = l_0_privrisk_place_in_order = l_0_place_in_order = l_0_grouping_sets_group_by = l_0_grouping_set_id = l_0_grouping_set_combo = missing
    try:
        t_1 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_2 = environment.filters['literal']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'literal' found.")
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
        t_5 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    def macro(l_1_key, l_1_key_as_text):
        t_6 = []
        l_1_t = resolve('t')
        if l_1_key is missing:
            l_1_key = undefined("parameter 'key' was not provided", name='key')
        if l_1_key_as_text is missing:
            l_1_key_as_text = False
        pass
        if l_1_key_as_text:
            pass
            t_6.extend((
                'CAST(',
                str(t_4(context, l_1_key)),
                ' AS ',
                str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'text')),
                ')',
            ))
        else:
            pass
            t_6.append(
                str(t_4(context, l_1_key)),
            )
        return concat(t_6)
    context.exported_vars.add('key_value')
    context.vars['key_value'] = l_0_key_value = Macro(environment, macro, 'key_value', ('key', 'key_as_text'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_key, l_1_columns, l_1_key_as_text, l_1_key_ties):
        t_7 = []
        l_1_fn = resolve('fn')
        if l_1_key is missing:
            l_1_key = undefined("parameter 'key' was not provided", name='key')
        if l_1_columns is missing:
            l_1_columns = undefined("parameter 'columns' was not provided", name='columns')
        if l_1_key_as_text is missing:
            l_1_key_as_text = False
        if l_1_key_ties is missing:
            l_1_key_ties = False
        pass
        if ((not t_5(l_1_key)) and l_1_key_ties):
            pass
            t_7.extend((
                'ROW_NUMBER() OVER (ORDER BY ',
                str(t_4(context, l_1_key)),
                ', ',
                str(context.call(environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'binary_text'), t_4(context, l_1_key))),
                ')',
            ))
        elif (not t_5(l_1_key)):
            pass
            t_7.extend((
                'ROW_NUMBER() OVER (ORDER BY ',
                str(context.call((undefined(name='key_value') if l_0_key_value is missing else l_0_key_value), l_1_key, l_1_key_as_text)),
                ')',
            ))
        else:
            pass
            t_7.append(
                str(context.call(environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'row_number_in_any_order'), l_1_columns)),
            )
        return concat(t_7)
    context.exported_vars.add('input_order')
    context.vars['input_order'] = l_0_input_order = Macro(environment, macro, 'input_order', ('key', 'columns', 'key_as_text', 'key_ties'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_combo):
        t_8 = []
        if l_1_combo is missing:
            l_1_combo = undefined("parameter 'combo' was not provided", name='combo')
        pass
        if environment.getattr(l_1_combo, 'weights'):
            pass
            l_2_loop = missing
            for l_2_c, l_2_loop in LoopContext(environment.getattr(l_1_combo, 'columns'), undefined):
                _loop_vars = {}
                pass
                t_8.append(
                    str(t_4(context, l_2_c)),
                )
                if (environment.getitem(environment.getattr(l_1_combo, 'weights'), environment.getattr(l_2_loop, 'index0')) != 1):
                    pass
                    t_8.extend((
                        ' * ',
                        str(t_2(context, environment.getitem(environment.getattr(l_1_combo, 'weights'), environment.getattr(l_2_loop, 'index0')))),
                    ))
                t_8.append(
                    str((' + ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 33 in '_macros.sql.j2' evaluated to false and no else section was defined."))),
                )
            l_2_loop = l_2_c = missing
        else:
            pass
            t_8.append(
                str(t_1(context.eval_ctx, t_3(context, environment.getattr(l_1_combo, 'columns'), 'quote'), ', ')),
            )
        return concat(t_8)
    context.exported_vars.add('plain_key')
    context.vars['plain_key'] = l_0_plain_key = Macro(environment, macro, 'plain_key', ('combo',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_combo, l_1_rid):
        t_9 = []
        if l_1_combo is missing:
            l_1_combo = undefined("parameter 'combo' was not provided", name='combo')
        if l_1_rid is missing:
            l_1_rid = 'rid'
        pass
        t_9.append(
            str(context.call((undefined(name='plain_key') if l_0_plain_key is missing else l_0_plain_key), l_1_combo)),
        )
        if environment.getattr(l_1_combo, 'singleton_if_null'):
            pass
            t_9.append(
                ', CASE WHEN ',
            )
            l_2_loop = missing
            for l_2_c, l_2_loop in LoopContext(environment.getattr(l_1_combo, 'singleton_if_null'), undefined):
                _loop_vars = {}
                pass
                t_9.extend((
                    str(t_4(context, l_2_c)),
                    ' = 0',
                    str((' OR ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 43 in '_macros.sql.j2' evaluated to false and no else section was defined."))),
                ))
            l_2_loop = l_2_c = missing
            t_9.extend((
                ' THEN ',
                str(l_1_rid),
                ' END',
            ))
        return concat(t_9)
    context.exported_vars.add('group_keys')
    context.vars['group_keys'] = l_0_group_keys = Macro(environment, macro, 'group_keys', ('combo', 'rid'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_qids):
        t_10 = []
        if l_1_qids is missing:
            l_1_qids = undefined("parameter 'qids' was not provided", name='qids')
        pass
        l_2_loop = missing
        for l_2_q, l_2_loop in LoopContext(l_1_qids, undefined):
            _loop_vars = {}
            pass
            t_10.extend((
                str(t_4(context, l_2_q)),
                ' IS NOT NULL',
                str((' AND ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 48 in '_macros.sql.j2' evaluated to false and no else section was defined."))),
            ))
        l_2_loop = l_2_q = missing
        return concat(t_10)
    context.exported_vars.add('qids_not_null')
    context.vars['qids_not_null'] = l_0_qids_not_null = Macro(environment, macro, 'qids_not_null', ('qids',), False, False, False, context.eval_ctx.autoescape)
    included_template = environment.get_template('privrisk_shared.sql', '_macros.sql.j2')._get_default_module(context)
    l_0_privrisk_place_in_order = getattr(included_template, 'privrisk_place_in_order', missing)
    if l_0_privrisk_place_in_order is missing:
        l_0_privrisk_place_in_order = undefined(f"the template {included_template.__name__!r} (imported on line 54 in '_macros.sql.j2') does not export the requested name 'privrisk_place_in_order'", name='privrisk_place_in_order')
    context.vars['privrisk_place_in_order'] = l_0_privrisk_place_in_order
    context.exported_vars.discard('privrisk_place_in_order')
    def macro(l_1_x, l_1_order):
        t_11 = []
        l_1_lit = resolve('lit')
        l_1_fn = resolve('fn')
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_order is missing:
            l_1_order = undefined("parameter 'order' was not provided", name='order')
        pass
        t_11.append(
            str(context.call((undefined(name='privrisk_place_in_order') if l_0_privrisk_place_in_order is missing else l_0_privrisk_place_in_order), l_1_x, l_1_order, (undefined(name='lit') if l_1_lit is missing else l_1_lit), environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'binary_text'))),
        )
        return concat(t_11)
    context.exported_vars.add('place_in_order')
    context.vars['place_in_order'] = l_0_place_in_order = Macro(environment, macro, 'place_in_order', ('x', 'order'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_grouping):
        t_12 = []
        if l_1_grouping is missing:
            l_1_grouping = undefined("parameter 'grouping' was not provided", name='grouping')
        pass
        t_12.extend((
            'GROUP BY ',
            str(t_1(context.eval_ctx, t_3(context, environment.getattr(l_1_grouping, 'columns'), 'quote'), ', ')),
            ' GROUPING SETS (',
        ))
        l_2_loop = missing
        for l_2_s, l_2_loop in LoopContext(environment.getattr(l_1_grouping, 'sets'), undefined):
            _loop_vars = {}
            pass
            t_12.extend((
                '(',
                str(t_1(context.eval_ctx, t_3(context, l_2_s, 'quote'), ', ')),
                ')',
                str((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 62 in '_macros.sql.j2' evaluated to false and no else section was defined."))),
            ))
        l_2_loop = l_2_s = missing
        t_12.append(
            ')',
        )
        return concat(t_12)
    context.exported_vars.add('grouping_sets_group_by')
    context.vars['grouping_sets_group_by'] = l_0_grouping_sets_group_by = Macro(environment, macro, 'grouping_sets_group_by', ('grouping',), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_grouping):
        t_13 = []
        if l_1_grouping is missing:
            l_1_grouping = undefined("parameter 'grouping' was not provided", name='grouping')
        pass
        t_13.extend((
            'GROUPING_ID(',
            str(t_1(context.eval_ctx, t_3(context, environment.getattr(l_1_grouping, 'columns'), 'quote'), ', ')),
            ')',
        ))
        return concat(t_13)
    context.exported_vars.add('grouping_set_id')
    context.vars['grouping_set_id'] = l_0_grouping_set_id = Macro(environment, macro, 'grouping_set_id', ('grouping',), False, False, False, context.eval_ctx.autoescape)
    yield '\n'
    def macro(l_1_grouping):
        t_14 = []
        if l_1_grouping is missing:
            l_1_grouping = undefined("parameter 'grouping' was not provided", name='grouping')
        pass
        t_14.append(
            'CASE grouping_set ',
        )
        for (l_2_gid, l_2_combo) in environment.getattr(l_1_grouping, 'ids'):
            _loop_vars = {}
            pass
            t_14.extend((
                'WHEN ',
                str(t_2(context, l_2_gid)),
                ' THEN ',
                str(t_2(context, l_2_combo)),
                ' ',
            ))
        l_2_gid = l_2_combo = missing
        t_14.append(
            'END',
        )
        return concat(t_14)
    context.exported_vars.add('grouping_set_combo')
    context.vars['grouping_set_combo'] = l_0_grouping_set_combo = Macro(environment, macro, 'grouping_set_combo', ('grouping',), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '5=42&6=50&7=54&9=62&18=67&19=79&20=83&21=88&22=92&24=98&31=103&32=108&33=111&35=130&41=135&42=143&43=145&47=168&48=174&54=186&55=192&56=202&61=207&62=214&65=235&66=242&69=249&70=257'