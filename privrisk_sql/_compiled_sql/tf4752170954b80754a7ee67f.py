from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'privrisk_shared.sql'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_privrisk_text_as_bytes = l_0_privrisk_binary_text = l_0_privrisk_nan_as_null = l_0_privrisk_nan_to_null = l_0_privrisk_class_sizes = l_0_privrisk_classes_below_k = l_0_privrisk_cavg = l_0_privrisk_sample_risk = l_0_privrisk_singling_out = missing
    try:
        t_1 = environment.filters['float']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'float' found.")
    try:
        t_2 = environment.filters['int']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'int' found.")
    pass
    def macro(l_1_relation, l_1_columns, l_1_text, l_1_q, l_1_binary):
        t_3 = []
        if l_1_relation is missing:
            l_1_relation = undefined("parameter 'relation' was not provided", name='relation')
        if l_1_columns is missing:
            l_1_columns = undefined("parameter 'columns' was not provided", name='columns')
        if l_1_text is missing:
            l_1_text = undefined("parameter 'text' was not provided", name='text')
        if l_1_q is missing:
            l_1_q = undefined("parameter 'q' was not provided", name='q')
        if l_1_binary is missing:
            l_1_binary = undefined("parameter 'binary' was not provided", name='binary')
        pass
        t_3.append(
            '(SELECT ',
        )
        l_2_loop = missing
        for l_2_c, l_2_loop in LoopContext(l_1_columns, undefined):
            _loop_vars = {}
            pass
            t_3.extend((
                str((context.call(l_1_binary, context.call(l_1_q, l_2_c, _loop_vars=_loop_vars), _loop_vars=_loop_vars) if (l_2_c in l_1_text) else context.call(l_1_q, l_2_c, _loop_vars=_loop_vars))),
                ' AS ',
                str(context.call(l_1_q, l_2_c, _loop_vars=_loop_vars)),
                str((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 16 in 'privrisk_shared.sql' evaluated to false and no else section was defined."))),
            ))
        l_2_loop = l_2_c = missing
        t_3.extend((
            ' FROM ',
            str(l_1_relation),
            ') privrisk_bytes',
        ))
        return concat(t_3)
    context.exported_vars.add('privrisk_text_as_bytes')
    context.vars['privrisk_text_as_bytes'] = l_0_privrisk_text_as_bytes = Macro(environment, macro, 'privrisk_text_as_bytes', ('relation', 'columns', 'text', 'q', 'binary'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x, l_1_engine):
        t_4 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_engine is missing:
            l_1_engine = undefined("parameter 'engine' was not provided", name='engine')
        pass
        if (l_1_engine in ('duckdb', 'postgres')):
            pass
            t_4.extend((
                '(CAST(',
                str(l_1_x),
                ' AS TEXT) COLLATE "C")',
            ))
        elif (l_1_engine == 'sqlite'):
            pass
            t_4.extend((
                '(',
                str(l_1_x),
                ' COLLATE BINARY)',
            ))
        elif (l_1_engine in ('mysql', 'mariadb')):
            pass
            t_4.extend((
                '(CONVERT(',
                str(l_1_x),
                ' USING utf8mb4) COLLATE utf8mb4_nopad_bin)',
            ))
        elif (l_1_engine == 'spark'):
            pass
            t_4.extend((
                '(CAST(',
                str(l_1_x),
                ' AS STRING) COLLATE UTF8_BINARY)',
            ))
        else:
            pass
            t_4.append(
                str(l_1_x),
            )
        return concat(t_4)
    context.exported_vars.add('privrisk_binary_text')
    context.vars['privrisk_binary_text'] = l_0_privrisk_binary_text = Macro(environment, macro, 'privrisk_binary_text', ('x', 'engine'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_relation, l_1_columns, l_1_floats, l_1_q, l_1_missing):
        t_5 = []
        if l_1_relation is missing:
            l_1_relation = undefined("parameter 'relation' was not provided", name='relation')
        if l_1_columns is missing:
            l_1_columns = undefined("parameter 'columns' was not provided", name='columns')
        if l_1_floats is missing:
            l_1_floats = undefined("parameter 'floats' was not provided", name='floats')
        if l_1_q is missing:
            l_1_q = undefined("parameter 'q' was not provided", name='q')
        if l_1_missing is missing:
            l_1_missing = undefined("parameter 'missing' was not provided", name='missing')
        pass
        t_5.append(
            '(SELECT ',
        )
        l_2_loop = missing
        for l_2_c, l_2_loop in LoopContext(l_1_columns, undefined):
            _loop_vars = {}
            pass
            t_5.extend((
                str((context.call(l_1_missing, context.call(l_1_q, l_2_c, _loop_vars=_loop_vars), _loop_vars=_loop_vars) if (l_2_c in l_1_floats) else context.call(l_1_q, l_2_c, _loop_vars=_loop_vars))),
                ' AS ',
                str(context.call(l_1_q, l_2_c, _loop_vars=_loop_vars)),
                str((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 52 in 'privrisk_shared.sql' evaluated to false and no else section was defined."))),
            ))
        l_2_loop = l_2_c = missing
        t_5.extend((
            ' FROM ',
            str(l_1_relation),
            ') privrisk_missing',
        ))
        return concat(t_5)
    context.exported_vars.add('privrisk_nan_as_null')
    context.vars['privrisk_nan_as_null'] = l_0_privrisk_nan_as_null = Macro(environment, macro, 'privrisk_nan_as_null', ('relation', 'columns', 'floats', 'q', 'missing'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x, l_1_engine, l_1_double):
        t_6 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_engine is missing:
            l_1_engine = undefined("parameter 'engine' was not provided", name='engine')
        if l_1_double is missing:
            l_1_double = 'DOUBLE PRECISION'
        pass
        if (l_1_engine in ('duckdb', 'postgres', 'spark')):
            pass
            t_6.extend((
                'CASE WHEN ',
                str(l_1_x),
                " = CAST('NaN' AS ",
                str(l_1_double),
                ') THEN NULL ELSE ',
                str(l_1_x),
                ' END',
            ))
        else:
            pass
            t_6.append(
                str(l_1_x),
            )
        return concat(t_6)
    context.exported_vars.add('privrisk_nan_to_null')
    context.vars['privrisk_nan_to_null'] = l_0_privrisk_nan_to_null = Macro(environment, macro, 'privrisk_nan_to_null', ('x', 'engine', 'double'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_relation, l_1_qids, l_1_q):
        t_7 = []
        if l_1_relation is missing:
            l_1_relation = undefined("parameter 'relation' was not provided", name='relation')
        if l_1_qids is missing:
            l_1_qids = undefined("parameter 'qids' was not provided", name='qids')
        if l_1_q is missing:
            l_1_q = undefined("parameter 'q' was not provided", name='q')
        pass
        t_7.append(
            'SELECT ',
        )
        for l_2_c in l_1_qids:
            _loop_vars = {}
            pass
            t_7.extend((
                str(context.call(l_1_q, l_2_c, _loop_vars=_loop_vars)),
                ', ',
            ))
        l_2_c = missing
        t_7.extend((
            'COUNT(*) AS class_size\nFROM ',
            str(l_1_relation),
            '\nGROUP BY ',
        ))
        l_2_loop = missing
        for l_2_c, l_2_loop in LoopContext(l_1_qids, undefined):
            _loop_vars = {}
            pass
            t_7.extend((
                str(context.call(l_1_q, l_2_c, _loop_vars=_loop_vars)),
                str((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 74 in 'privrisk_shared.sql' evaluated to false and no else section was defined."))),
            ))
        l_2_loop = l_2_c = missing
        return concat(t_7)
    context.exported_vars.add('privrisk_class_sizes')
    context.vars['privrisk_class_sizes'] = l_0_privrisk_class_sizes = Macro(environment, macro, 'privrisk_class_sizes', ('relation', 'qids', 'q'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_classes, l_1_k):
        t_8 = []
        if l_1_classes is missing:
            l_1_classes = undefined("parameter 'classes' was not provided", name='classes')
        if l_1_k is missing:
            l_1_k = undefined("parameter 'k' was not provided", name='k')
        pass
        t_8.extend((
            'SELECT * FROM (\n',
            str(l_1_classes),
            '\n) privrisk_classes\nWHERE class_size < ',
            str(t_2(l_1_k)),
        ))
        return concat(t_8)
    context.exported_vars.add('privrisk_classes_below_k')
    context.vars['privrisk_classes_below_k'] = l_0_privrisk_classes_below_k = Macro(environment, macro, 'privrisk_classes_below_k', ('classes', 'k'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_classes, l_1_k, l_1_double):
        t_9 = []
        if l_1_classes is missing:
            l_1_classes = undefined("parameter 'classes' was not provided", name='classes')
        if l_1_k is missing:
            l_1_k = undefined("parameter 'k' was not provided", name='k')
        if l_1_double is missing:
            l_1_double = 'DOUBLE PRECISION'
        pass
        t_9.extend((
            'SELECT CAST(SUM(class_size) AS ',
            str(l_1_double),
            ') / (COUNT(*) * ',
            str(t_2(l_1_k)),
            ') AS cavg,\n       SUM(class_size) AS n_rows, COUNT(*) AS n_classes, MIN(class_size) AS min_class_size\nFROM (\n',
            str(l_1_classes),
            '\n) privrisk_classes',
        ))
        return concat(t_9)
    context.exported_vars.add('privrisk_cavg')
    context.vars['privrisk_cavg'] = l_0_privrisk_cavg = Macro(environment, macro, 'privrisk_cavg', ('classes', 'k', 'double'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_classes, l_1_threshold, l_1_double):
        t_10 = []
        if l_1_classes is missing:
            l_1_classes = undefined("parameter 'classes' was not provided", name='classes')
        if l_1_threshold is missing:
            l_1_threshold = undefined("parameter 'threshold' was not provided", name='threshold')
        if l_1_double is missing:
            l_1_double = 'DOUBLE PRECISION'
        pass
        t_10.extend((
            'SELECT CAST(COUNT(*) AS ',
            str(l_1_double),
            ') / SUM(class_size) AS average_risk,\n       CAST(SUM(CASE WHEN CAST(1 AS ',
            str(l_1_double),
            ') / class_size > ',
            str(t_1(l_1_threshold)),
            ' THEN class_size ELSE 0 END) AS ',
            str(l_1_double),
            ')\n         / SUM(class_size) AS records_at_risk,\n       SUM(class_size) AS n_rows, COUNT(*) AS n_classes\nFROM (\n',
            str(l_1_classes),
            '\n) privrisk_classes',
        ))
        return concat(t_10)
    context.exported_vars.add('privrisk_sample_risk')
    context.vars['privrisk_sample_risk'] = l_0_privrisk_sample_risk = Macro(environment, macro, 'privrisk_sample_risk', ('classes', 'threshold', 'double'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_ori, l_1_syn, l_1_columns, l_1_q, l_1_double):
        t_11 = []
        l_1_cols = missing
        if l_1_ori is missing:
            l_1_ori = undefined("parameter 'ori' was not provided", name='ori')
        if l_1_syn is missing:
            l_1_syn = undefined("parameter 'syn' was not provided", name='syn')
        if l_1_columns is missing:
            l_1_columns = undefined("parameter 'columns' was not provided", name='columns')
        if l_1_q is missing:
            l_1_q = undefined("parameter 'q' was not provided", name='q')
        if l_1_double is missing:
            l_1_double = 'DOUBLE PRECISION'
        pass
        t_12 = []
        pass
        l_3_loop = missing
        for l_3_c, l_3_loop in LoopContext(l_1_columns, undefined):
            _loop_vars = {}
            pass
            t_12.extend((
                str(context.call(l_1_q, l_3_c, _loop_vars=_loop_vars)),
                str((', ' if (not environment.getattr(l_3_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 113 in 'privrisk_shared.sql' evaluated to false and no else section was defined."))),
            ))
        l_3_loop = l_3_c = missing
        l_1_cols = (Markup if context.eval_ctx.autoescape else identity)(concat(t_12))
        t_11.extend((
            'WITH syn_unique AS (\n    SELECT ',
            str((undefined(name='cols') if l_1_cols is missing else l_1_cols)),
            ' FROM ',
            str(l_1_syn),
            ' GROUP BY ',
            str((undefined(name='cols') if l_1_cols is missing else l_1_cols)),
            ' HAVING COUNT(*) = 1\n), ori_unique AS (\n    SELECT ',
            str((undefined(name='cols') if l_1_cols is missing else l_1_cols)),
            ' FROM ',
            str(l_1_ori),
            ' GROUP BY ',
            str((undefined(name='cols') if l_1_cols is missing else l_1_cols)),
            ' HAVING COUNT(*) = 1\n), matches AS (\n    SELECT ',
            str((undefined(name='cols') if l_1_cols is missing else l_1_cols)),
            ' FROM (\n        SELECT ',
            str((undefined(name='cols') if l_1_cols is missing else l_1_cols)),
            ' FROM syn_unique\n        UNION ALL\n        SELECT ',
            str((undefined(name='cols') if l_1_cols is missing else l_1_cols)),
            ' FROM ori_unique\n    ) stacked\n    GROUP BY ',
            str((undefined(name='cols') if l_1_cols is missing else l_1_cols)),
            '\n    HAVING COUNT(*) = 2\n), rate AS (\n    SELECT (SELECT COUNT(*) FROM matches) AS matches,\n           (SELECT COUNT(*) FROM ',
            str(l_1_syn),
            ') AS syn_rows\n)\nSELECT m.*, r.matches, r.syn_rows,\n       CASE WHEN r.syn_rows = 0 THEN 0.0 ELSE CAST(r.matches AS ',
            str(l_1_double),
            ') / r.syn_rows END AS singling_out_rate\nFROM matches m CROSS JOIN rate r',
        ))
        return concat(t_11)
    context.exported_vars.add('privrisk_singling_out')
    context.vars['privrisk_singling_out'] = l_0_privrisk_singling_out = Macro(environment, macro, 'privrisk_singling_out', ('ori', 'syn', 'columns', 'q', 'double'), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '15=24&16=41&32=59&33=66&34=70&35=73&36=77&37=80&38=84&39=87&40=91&42=97&51=102&52=119&62=137&63=146&64=150&66=160&71=165&72=177&73=187&74=191&81=202&83=211&85=213&89=218&90=229&93=233&99=239&100=250&101=252&105=258&112=264&113=281&115=292&117=298&119=304&120=306&122=308&124=310&128=312&131=314'