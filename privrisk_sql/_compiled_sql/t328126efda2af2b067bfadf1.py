from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'privrisk_shared.sql'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_privrisk_text_as_bytes = l_0_privrisk_binary_text = l_0_privrisk_nan_as_null = l_0_privrisk_nan_to_null = l_0_privrisk_class_sizes = l_0_privrisk_classes_below_k = l_0_privrisk_cavg = l_0_privrisk_sample_risk = l_0_privrisk_singling_out = l_0_privrisk_work_columns = l_0_privrisk_sensitive_classes = l_0_privrisk_value_ids = l_0_privrisk_ordered_classes = l_0_privrisk_place_in_order = l_0_privrisk_values_outside_order = missing
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
    def macro(l_1_relation, l_1_columns, l_1_names, l_1_q):
        t_13 = []
        if l_1_relation is missing:
            l_1_relation = undefined("parameter 'relation' was not provided", name='relation')
        if l_1_columns is missing:
            l_1_columns = undefined("parameter 'columns' was not provided", name='columns')
        if l_1_names is missing:
            l_1_names = undefined("parameter 'names' was not provided", name='names')
        if l_1_q is missing:
            l_1_q = undefined("parameter 'q' was not provided", name='q')
        pass
        t_13.append(
            '(SELECT ',
        )
        l_2_loop = missing
        for l_2_c, l_2_loop in LoopContext(l_1_columns, undefined):
            _loop_vars = {}
            pass
            t_13.extend((
                str(context.call(l_1_q, l_2_c, _loop_vars=_loop_vars)),
                ' AS ',
                str(context.call(l_1_q, environment.getitem(l_1_names, environment.getattr(l_2_loop, 'index0')), _loop_vars=_loop_vars)),
                str((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 139 in 'privrisk_shared.sql' evaluated to false and no else section was defined."))),
            ))
        l_2_loop = l_2_c = missing
        t_13.extend((
            ' FROM ',
            str(l_1_relation),
            ') privrisk_named',
        ))
        return concat(t_13)
    context.exported_vars.add('privrisk_work_columns')
    context.vars['privrisk_work_columns'] = l_0_privrisk_work_columns = Macro(environment, macro, 'privrisk_work_columns', ('relation', 'columns', 'names', 'q'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_relation, l_1_qids, l_1_sensitive, l_1_q, l_1_double, l_1_where, l_1_window_value):
        t_14 = []
        l_1_key = l_1_window_key = l_1_emd = missing
        if l_1_relation is missing:
            l_1_relation = undefined("parameter 'relation' was not provided", name='relation')
        if l_1_qids is missing:
            l_1_qids = undefined("parameter 'qids' was not provided", name='qids')
        if l_1_sensitive is missing:
            l_1_sensitive = undefined("parameter 'sensitive' was not provided", name='sensitive')
        if l_1_q is missing:
            l_1_q = undefined("parameter 'q' was not provided", name='q')
        if l_1_double is missing:
            l_1_double = 'DOUBLE PRECISION'
        if l_1_where is missing:
            l_1_where = None
        if l_1_window_value is missing:
            l_1_window_value = None
        pass
        t_15 = []
        pass
        l_3_loop = missing
        for l_3_c, l_3_loop in LoopContext(l_1_qids, undefined):
            _loop_vars = {}
            pass
            t_15.extend((
                str(context.call(l_1_q, l_3_c, _loop_vars=_loop_vars)),
                str((', ' if (not environment.getattr(l_3_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 154 in 'privrisk_shared.sql' evaluated to false and no else section was defined."))),
            ))
        l_3_loop = l_3_c = missing
        l_1_key = (Markup if context.eval_ctx.autoescape else identity)(concat(t_15))
        t_16 = []
        pass
        l_3_loop = missing
        for l_3_c, l_3_loop in LoopContext(l_1_qids, undefined):
            _loop_vars = {}
            pass
            t_16.extend((
                str((context.call(l_1_window_value, context.call(l_1_q, l_3_c, _loop_vars=_loop_vars), _loop_vars=_loop_vars) if l_1_window_value else context.call(l_1_q, l_3_c, _loop_vars=_loop_vars))),
                str((', ' if (not environment.getattr(l_3_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 155 in 'privrisk_shared.sql' evaluated to false and no else section was defined."))),
            ))
        l_3_loop = l_3_c = missing
        l_1_window_key = (Markup if context.eval_ctx.autoescape else identity)(concat(t_16))
        t_14.extend((
            'WITH class_value AS (\n  SELECT ',
            str((undefined(name='key') if l_1_key is missing else l_1_key)),
            ', ',
            str(context.call(l_1_q, l_1_sensitive)),
            ' AS sa, COUNT(*) AS c\n  FROM ',
            str(l_1_relation),
            '\n',
        ))
        if l_1_where:
            pass
            t_14.extend((
                '  WHERE ',
                str(l_1_where),
                '\n',
            ))
        t_14.extend((
            '  GROUP BY ',
            str((undefined(name='key') if l_1_key is missing else l_1_key)),
            ', ',
            str(context.call(l_1_q, l_1_sensitive)),
            '\n),\ncounts AS (\n  SELECT ',
            str((undefined(name='key') if l_1_key is missing else l_1_key)),
            ', c,\n    SUM(c) OVER (PARTITION BY ',
            str((undefined(name='window_key') if l_1_window_key is missing else l_1_window_key)),
            ') AS class_size,\n    CAST(SUM(c) OVER (PARTITION BY ',
            str((context.call(l_1_window_value, 'sa') if l_1_window_value else 'sa')),
            ') AS ',
            str(l_1_double),
            ') AS g,\n    CAST(SUM(c) OVER () AS ',
            str(l_1_double),
            ') AS n\n  FROM class_value\n),\nshares AS (\n  SELECT ',
            str((undefined(name='key') if l_1_key is missing else l_1_key)),
            ', c, class_size, g, n, CAST(c AS ',
            str(l_1_double),
            ') / class_size AS q, g / n AS p\n  FROM counts\n)\nSELECT ',
            str((undefined(name='key') if l_1_key is missing else l_1_key)),
            ',\n  MAX(class_size) AS class_size,\n  COUNT(*) AS distinct_values,\n  MAX(q) AS alpha,\n  -SUM(q * LN(q)) AS entropy,\n  MAX((q - p) / p) AS beta,\n  MAX(ABS(LN(q / p))) AS delta,',
        ))
        l_1_emd = '(SUM(ABS(c * n - g * class_size)) + MAX(class_size) * (MAX(n) - SUM(g))) / (2 * MAX(class_size) * MAX(n))'
        t_14.extend((
            '  CASE WHEN ',
            str((undefined(name='emd') if l_1_emd is missing else l_1_emd)),
            ' < 1e-12 THEN CAST(0 AS ',
            str(l_1_double),
            ') ELSE ',
            str((undefined(name='emd') if l_1_emd is missing else l_1_emd)),
            ' END AS emd_equal,\n  MIN(p) AS min_p\nFROM shares\nGROUP BY ',
            str((undefined(name='key') if l_1_key is missing else l_1_key)),
        ))
        return concat(t_14)
    context.exported_vars.add('privrisk_sensitive_classes')
    context.vars['privrisk_sensitive_classes'] = l_0_privrisk_sensitive_classes = Macro(environment, macro, 'privrisk_sensitive_classes', ('relation', 'qids', 'sensitive', 'q', 'double', 'where', 'window_value'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_rows, l_1_values, l_1_qids, l_1_q):
        t_17 = []
        if l_1_rows is missing:
            l_1_rows = undefined("parameter 'rows' was not provided", name='rows')
        if l_1_values is missing:
            l_1_values = undefined("parameter 'values' was not provided", name='values')
        if l_1_qids is missing:
            l_1_qids = undefined("parameter 'qids' was not provided", name='qids')
        if l_1_q is missing:
            l_1_q = undefined("parameter 'q' was not provided", name='q')
        pass
        t_17.append(
            'SELECT ',
        )
        for l_2_c in l_1_qids:
            _loop_vars = {}
            pass
            t_17.extend((
                'r.',
                str(context.call(l_1_q, l_2_c, _loop_vars=_loop_vars)),
                ', ',
            ))
        l_2_c = missing
        t_17.extend((
            'r.c, x.value_id, x.pg - x.cg AS pg_before\n  FROM ',
            str(l_1_rows),
            ' r\n  JOIN ',
            str(l_1_values),
            ' x ON x.v = r.v',
        ))
        return concat(t_17)
    context.exported_vars.add('privrisk_value_ids')
    context.vars['privrisk_value_ids'] = l_0_privrisk_value_ids = Macro(environment, macro, 'privrisk_value_ids', ('rows', 'values', 'qids', 'q'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_relation, l_1_qids, l_1_sensitive, l_1_q, l_1_value_ids, l_1_double, l_1_v, l_1_where, l_1_window_value):
        t_18 = []
        l_1_key = l_1_window_key = missing
        if l_1_relation is missing:
            l_1_relation = undefined("parameter 'relation' was not provided", name='relation')
        if l_1_qids is missing:
            l_1_qids = undefined("parameter 'qids' was not provided", name='qids')
        if l_1_sensitive is missing:
            l_1_sensitive = undefined("parameter 'sensitive' was not provided", name='sensitive')
        if l_1_q is missing:
            l_1_q = undefined("parameter 'q' was not provided", name='q')
        if l_1_value_ids is missing:
            l_1_value_ids = undefined("parameter 'value_ids' was not provided", name='value_ids')
        if l_1_double is missing:
            l_1_double = 'DOUBLE PRECISION'
        if l_1_v is missing:
            l_1_v = None
        if l_1_where is missing:
            l_1_where = None
        if l_1_window_value is missing:
            l_1_window_value = None
        pass
        t_19 = []
        pass
        l_3_loop = missing
        for l_3_c, l_3_loop in LoopContext(l_1_qids, undefined):
            _loop_vars = {}
            pass
            t_19.extend((
                str(context.call(l_1_q, l_3_c, _loop_vars=_loop_vars)),
                str((', ' if (not environment.getattr(l_3_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 227 in 'privrisk_shared.sql' evaluated to false and no else section was defined."))),
            ))
        l_3_loop = l_3_c = missing
        l_1_key = (Markup if context.eval_ctx.autoescape else identity)(concat(t_19))
        t_20 = []
        pass
        l_3_loop = missing
        for l_3_c, l_3_loop in LoopContext(l_1_qids, undefined):
            _loop_vars = {}
            pass
            t_20.extend((
                str((context.call(l_1_window_value, context.call(l_1_q, l_3_c, _loop_vars=_loop_vars), _loop_vars=_loop_vars) if l_1_window_value else context.call(l_1_q, l_3_c, _loop_vars=_loop_vars))),
                str((', ' if (not environment.getattr(l_3_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 228 in 'privrisk_shared.sql' evaluated to false and no else section was defined."))),
            ))
        l_3_loop = l_3_c = missing
        l_1_window_key = (Markup if context.eval_ctx.autoescape else identity)(concat(t_20))
        l_1_v = (l_1_v if l_1_v else context.call(l_1_q, l_1_sensitive))
        t_18.extend((
            'WITH class_value AS (\n  SELECT ',
            str((undefined(name='key') if l_1_key is missing else l_1_key)),
            ', ',
            str(l_1_v),
            ' AS v, COUNT(*) AS c\n  FROM ',
            str(l_1_relation),
            '\n  WHERE ',
            str(context.call(l_1_q, l_1_sensitive)),
            ' IS NOT NULL\n',
        ))
        if l_1_where:
            pass
            t_18.extend((
                '    AND ',
                str(l_1_where),
                '\n',
            ))
        t_18.extend((
            '  GROUP BY ',
            str((undefined(name='key') if l_1_key is missing else l_1_key)),
            ', ',
            str(l_1_v),
            '\n),\nvalue_counts AS (\n  SELECT v, ROW_NUMBER() OVER (ORDER BY v ASC) AS value_id, SUM(c) AS g FROM class_value GROUP BY v\n),\nvalue_cdf AS (\n  SELECT v, value_id,\n    CAST(SUM(g) OVER (ORDER BY value_id ASC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS ',
            str(l_1_double),
            ') AS cg\n  FROM value_counts\n),\nvalue_prefix AS (\n  SELECT v, value_id, cg, SUM(cg) OVER (ORDER BY value_id ASC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS pg\n  FROM value_cdf\n),\ntable_size AS (\n  SELECT COUNT(*) AS m, MAX(cg) AS n, MAX(pg) AS pg_end FROM value_prefix\n),\nclass_value_ids AS (\n',
            str(context.call(l_1_value_ids, 'class_value', 'value_prefix', l_1_qids)),
            '\n),\nclass_steps AS (\n  SELECT ',
            str((undefined(name='key') if l_1_key is missing else l_1_key)),
            ', value_id AS start_id,\n    COALESCE(LEAD(value_id) OVER w - 1, (SELECT m FROM table_size)) AS end_id,\n    CAST(SUM(c) OVER (PARTITION BY ',
            str((undefined(name='window_key') if l_1_window_key is missing else l_1_window_key)),
            ' ORDER BY value_id ASC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS ',
            str(l_1_double),
            ') AS ca,\n    SUM(c) OVER (PARTITION BY ',
            str((undefined(name='window_key') if l_1_window_key is missing else l_1_window_key)),
            ') AS class_size,\n    pg_before,\n    COALESCE(LEAD(pg_before) OVER w, (SELECT pg_end FROM table_size)) AS pg_end\n  FROM class_value_ids\n  WINDOW w AS (PARTITION BY ',
            str((undefined(name='window_key') if l_1_window_key is missing else l_1_window_key)),
            ' ORDER BY value_id ASC)\n  UNION ALL\n  SELECT ',
            str((undefined(name='key') if l_1_key is missing else l_1_key)),
            ', 1, MIN(value_id) - 1, CAST(0 AS ',
            str(l_1_double),
            '), SUM(c), CAST(0 AS ',
            str(l_1_double),
            '), MIN(pg_before)\n  FROM class_value_ids\n  GROUP BY ',
            str((undefined(name='key') if l_1_key is missing else l_1_key)),
            '\n),\nsplits AS (\n  SELECT ',
            str((undefined(name='key') if l_1_key is missing else l_1_key)),
            ', start_id, end_id, ca, class_size, pg_before, pg_end,\n    CASE WHEN below < start_id - 1 THEN start_id - 1 WHEN below > end_id THEN end_id ELSE below END AS s,\n    CASE WHEN below < start_id - 1 THEN pg_before WHEN below > end_id THEN pg_end ELSE pg_below END AS pg_s\n  FROM (\n    SELECT ',
            str((undefined(name='key') if l_1_key is missing else l_1_key)),
            ', start_id, end_id, ca, class_size, pg_before, pg_end, is_step,\n      SUM(1 - is_step) OVER o AS below,\n      SUM(cg) OVER o AS pg_below\n    FROM (\n      SELECT ',
            str((undefined(name='key') if l_1_key is missing else l_1_key)),
            ', start_id, end_id, ca, class_size, pg_before, pg_end, 1 AS is_step,\n        ca / class_size AS a, CAST(0 AS ',
            str(l_1_double),
            ') AS cg\n      FROM class_steps WHERE end_id >= start_id\n      UNION ALL\n      SELECT ',
        ))
        for l_2_c in l_1_qids:
            _loop_vars = {}
            pass
            t_18.append(
                'NULL, ',
            )
        l_2_c = missing
        t_18.extend((
            'NULL, NULL, NULL, NULL, NULL, NULL, 0,\n        cg / (SELECT n FROM table_size), cg\n      FROM value_cdf\n    ) events\n    WINDOW o AS (ORDER BY a ASC, is_step ASC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)\n  ) counted\n  WHERE is_step = 1\n)\nSELECT ',
            str((undefined(name='key') if l_1_key is missing else l_1_key)),
            ', CASE WHEN t < 1e-12 THEN CAST(0 AS ',
            str(l_1_double),
            ') ELSE t END AS t FROM (\n  SELECT ',
            str((undefined(name='key') if l_1_key is missing else l_1_key)),
            ',\n    (SUM(ca * (2 * s - start_id - end_id + 1)) / MAX(class_size)\n      + SUM(pg_end + pg_before - 2 * pg_s) / (SELECT n FROM table_size))\n      / NULLIF((SELECT m FROM table_size) - 1, 0) AS t\n  FROM splits\n  GROUP BY ',
            str((undefined(name='key') if l_1_key is missing else l_1_key)),
            '\n) class_distances',
        ))
        return concat(t_18)
    context.exported_vars.add('privrisk_ordered_classes')
    context.vars['privrisk_ordered_classes'] = l_0_privrisk_ordered_classes = Macro(environment, macro, 'privrisk_ordered_classes', ('relation', 'qids', 'sensitive', 'q', 'value_ids', 'double', 'v', 'where', 'window_value'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_x, l_1_order, l_1_literal, l_1_binary):
        t_21 = []
        if l_1_x is missing:
            l_1_x = undefined("parameter 'x' was not provided", name='x')
        if l_1_order is missing:
            l_1_order = undefined("parameter 'order' was not provided", name='order')
        if l_1_literal is missing:
            l_1_literal = undefined("parameter 'literal' was not provided", name='literal')
        if l_1_binary is missing:
            l_1_binary = undefined("parameter 'binary' was not provided", name='binary')
        pass
        t_21.append(
            'CASE',
        )
        l_2_loop = missing
        for l_2_value, l_2_loop in LoopContext(l_1_order, undefined):
            _loop_vars = {}
            pass
            t_21.extend((
                ' WHEN ',
                str(l_1_x),
                ' = ',
                str(context.call(l_1_binary, context.call(l_1_literal, l_2_value, _loop_vars=_loop_vars), _loop_vars=_loop_vars)),
                ' THEN ',
                str(environment.getattr(l_2_loop, 'index')),
            ))
        l_2_loop = l_2_value = missing
        t_21.append(
            ' END',
        )
        return concat(t_21)
    context.exported_vars.add('privrisk_place_in_order')
    context.vars['privrisk_place_in_order'] = l_0_privrisk_place_in_order = Macro(environment, macro, 'privrisk_place_in_order', ('x', 'order', 'literal', 'binary'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_relation, l_1_column, l_1_order, l_1_q, l_1_literal, l_1_binary):
        t_22 = []
        if l_1_relation is missing:
            l_1_relation = undefined("parameter 'relation' was not provided", name='relation')
        if l_1_column is missing:
            l_1_column = undefined("parameter 'column' was not provided", name='column')
        if l_1_order is missing:
            l_1_order = undefined("parameter 'order' was not provided", name='order')
        if l_1_q is missing:
            l_1_q = undefined("parameter 'q' was not provided", name='q')
        if l_1_literal is missing:
            l_1_literal = undefined("parameter 'literal' was not provided", name='literal')
        if l_1_binary is missing:
            l_1_binary = undefined("parameter 'binary' was not provided", name='binary')
        pass
        t_22.extend((
            'SELECT COUNT(*) AS n, MIN(',
            str(context.call(l_1_q, l_1_column)),
            ') AS value\nFROM ',
            str(l_1_relation),
            '\nWHERE ',
            str(context.call(l_1_q, l_1_column)),
            ' IS NOT NULL\n',
        ))
        if l_1_order:
            pass
            t_22.extend((
                '  AND ',
                str(context.call(l_1_binary, context.call(l_1_q, l_1_column))),
                ' NOT IN (',
            ))
            l_2_loop = missing
            for l_2_value, l_2_loop in LoopContext(l_1_order, undefined):
                _loop_vars = {}
                pass
                t_22.extend((
                    str(context.call(l_1_binary, context.call(l_1_literal, l_2_value, _loop_vars=_loop_vars), _loop_vars=_loop_vars)),
                    str((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 318 in 'privrisk_shared.sql' evaluated to false and no else section was defined."))),
                ))
            l_2_loop = l_2_value = missing
            t_22.append(
                ')\n',
            )
        return concat(t_22)
    context.exported_vars.add('privrisk_values_outside_order')
    context.vars['privrisk_values_outside_order'] = l_0_privrisk_values_outside_order = Macro(environment, macro, 'privrisk_values_outside_order', ('relation', 'column', 'order', 'q', 'literal', 'binary'), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '15=24&16=41&32=59&33=66&34=70&35=73&36=77&37=80&38=84&39=87&40=91&42=97&51=102&52=119&62=137&63=146&64=150&66=160&71=165&72=177&73=187&74=191&81=202&83=211&85=213&89=218&90=229&93=233&99=239&100=250&101=252&105=258&112=264&113=281&115=292&117=298&119=304&120=306&122=308&124=310&128=312&131=314&138=320&139=335&153=353&154=374&155=386&157=397&158=401&159=404&160=408&162=413&165=417&166=419&167=421&168=425&172=427&175=431&184=434&185=437&188=443&194=448&195=462&196=473&197=475&226=481&227=506&228=518&229=527&231=530&232=534&233=536&234=539&235=543&237=548&244=552&256=554&259=556&261=558&262=562&266=564&268=566&270=572&273=574&277=576&281=578&282=580&285=583&293=592&294=596&299=598&306=604&307=619&313=637&314=654&315=656&316=658&317=661&318=665'