from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/cuts.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_dims = resolve('dims')
    l_0_rnk = resolve('rnk')
    l_0_name = resolve('name')
    l_0_fn = resolve('fn')
    l_0_relaxed = resolve('relaxed')
    l_0_t = resolve('t')
    l_0_ranked = resolve('ranked')
    l_0_freq = resolve('freq')
    l_0_all_ranks = resolve('all_ranks')
    l_0_median = resolve('median')
    l_0_privacy = resolve('privacy')
    l_0_sa_cases = resolve('sa_cases')
    l_0_sa = resolve('sa')
    l_0_k = resolve('k')
    l_0_equal = resolve('equal')
    l_0_ordered_sa = resolve('ordered_sa')
    l_0_mm = l_0_categorical = l_0_hierarchies = l_0_ordered = missing
    try:
        t_1 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_2 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_3 = environment.filters['list']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'list' found.")
    try:
        t_4 = environment.filters['map']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'map' found.")
    try:
        t_5 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    try:
        t_6 = environment.filters['rejectattr']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No filter named 'rejectattr' found.")
    try:
        t_7 = environment.filters['selectattr']
    except KeyError:
        @internalcode
        def t_7(*unused):
            raise TemplateRuntimeError("No filter named 'selectattr' found.")
    try:
        t_8 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_8(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    l_0_mm = context.vars['mm'] = environment.get_template('_mondrian.sql.j2', 'mondrian/cuts.sql.j2')._get_default_module(context)
    context.exported_vars.discard('mm')
    l_0_categorical = t_3(context.eval_ctx, t_4(context, t_7(context, (undefined(name='dims') if l_0_dims is missing else l_0_dims), 'cut_as_category'), attribute='index'))
    context.vars['categorical'] = l_0_categorical
    context.exported_vars.add('categorical')
    l_0_hierarchies = t_3(context.eval_ctx, t_4(context, t_7(context, (undefined(name='dims') if l_0_dims is missing else l_0_dims), 'is_hierarchy'), attribute='index'))
    context.vars['hierarchies'] = l_0_hierarchies
    context.exported_vars.add('hierarchies')
    l_0_ordered = t_3(context.eval_ctx, t_4(context, t_6(context, t_6(context, (undefined(name='dims') if l_0_dims is missing else l_0_dims), 'cut_as_category'), 'is_hierarchy'), attribute='index'))
    context.vars['ordered'] = l_0_ordered
    context.exported_vars.add('ordered')
    if ((undefined(name='rnk') if l_0_rnk is missing else l_0_rnk) > 1):
        pass
        yield 'INSERT INTO '
        yield str(t_5(context, (undefined(name='name') if l_0_name is missing else l_0_name)))
        yield ' (pid, dim, s, n)\n'
    else:
        pass
        yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'create_temp_table_as'), (undefined(name='name') if l_0_name is missing else l_0_name)))
        yield '\n'
    if (undefined(name='relaxed') if l_0_relaxed is missing else l_0_relaxed):
        pass
        yield 'SELECT pid, dim, CAST(NULL AS '
        yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
        yield ') AS s, n FROM '
        yield str(t_5(context, (undefined(name='ranked') if l_0_ranked is missing else l_0_ranked)))
        yield ' WHERE rnk = 1\n'
    else:
        pass
        yield 'WITH cum AS (\n    SELECT f.pid, f.dim, f.v, f.c, SUM(f.c) OVER (PARTITION BY f.pid, f.dim ORDER BY f.v) AS cl, r.n, r.rnk\n    FROM '
        yield str(t_5(context, (undefined(name='freq') if l_0_freq is missing else l_0_freq)))
        yield ' f JOIN '
        yield str(t_5(context, (undefined(name='ranked') if l_0_ranked is missing else l_0_ranked)))
        yield ' r ON r.pid = f.pid AND r.dim = f.dim\n    WHERE r.rnk '
        yield str(('>=' if (undefined(name='all_ranks') if l_0_all_ranks is missing else l_0_all_ranks) else '='))
        yield ' '
        yield str((undefined(name='rnk') if l_0_rnk is missing else l_0_rnk))
        if ((undefined(name='rnk') if l_0_rnk is missing else l_0_rnk) > 1):
            pass
            yield ' AND '
            yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'absent_from'), 'r.pid', t_5(context, (undefined(name='name') if l_0_name is missing else l_0_name)), 'pid'))
        yield '\n'
        if (undefined(name='hierarchies') if l_0_hierarchies is missing else l_0_hierarchies):
            pass
            yield '), med_hierarchy AS (\n    SELECT pid, dim, CAST(NULL AS '
            yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
            yield ') AS s, MIN(c) AS nl, MAX(n) AS n, MAX(rnk) AS rnk\n    FROM cum WHERE dim IN ('
            yield str(t_1(context.eval_ctx, (undefined(name='hierarchies') if l_0_hierarchies is missing else l_0_hierarchies), ', '))
            yield ')\n    GROUP BY pid, dim\n'
        if ((undefined(name='ordered') if l_0_ordered is missing else l_0_ordered) and ((undefined(name='median') if l_0_median is missing else l_0_median) == 'interp')):
            pass
            yield '), mid AS (\n    SELECT pid, dim, (MIN(CASE WHEN 2 * cl >= n THEN v END) + MIN(CASE WHEN 2 * cl >= n + 1 THEN v END)) / 2 AS s, MAX(n) AS n, MAX(rnk) AS rnk\n    FROM cum\n'
            if ((undefined(name='categorical') if l_0_categorical is missing else l_0_categorical) or (undefined(name='hierarchies') if l_0_hierarchies is missing else l_0_hierarchies)):
                pass
                yield '    WHERE dim IN ('
                yield str(t_1(context.eval_ctx, (undefined(name='ordered') if l_0_ordered is missing else l_0_ordered), ', '))
                yield ')\n'
            yield '    GROUP BY pid, dim\n), med_ordered AS (\n    SELECT m.pid, m.dim, m.s, m.n, m.rnk, MAX(c.cl) AS nl\n    FROM mid m JOIN cum c ON c.pid = m.pid AND c.dim = m.dim AND c.v <= m.s\n    GROUP BY m.pid, m.dim, m.s, m.n, m.rnk\n'
        elif (undefined(name='ordered') if l_0_ordered is missing else l_0_ordered):
            pass
            yield '), med_ordered AS (\n    SELECT pid, dim, MIN(CASE WHEN 2 * cl >= n - 1 THEN v END) AS s, MIN(CASE WHEN 2 * cl >= n - 1 THEN cl END) AS nl, MAX(n) AS n, MAX(rnk) AS rnk\n    FROM cum\n'
            if ((undefined(name='categorical') if l_0_categorical is missing else l_0_categorical) or (undefined(name='hierarchies') if l_0_hierarchies is missing else l_0_hierarchies)):
                pass
                yield '    WHERE dim IN ('
                yield str(t_1(context.eval_ctx, (undefined(name='ordered') if l_0_ordered is missing else l_0_ordered), ', '))
                yield ')\n'
            yield '    GROUP BY pid, dim\n'
        if (undefined(name='categorical') if l_0_categorical is missing else l_0_categorical):
            pass
            yield '), boundaries AS (\n    SELECT pid, dim, MAX(n) AS n, MAX(rnk) AS rnk,\n           MAX(CASE WHEN 2 * cl <= n THEN v END) AS s_below, MAX(CASE WHEN 2 * cl <= n THEN cl END) AS nl_below,\n           MIN(CASE WHEN 2 * cl > n AND cl < n THEN v END) AS s_above, MIN(CASE WHEN 2 * cl > n AND cl < n THEN cl END) AS nl_above\n    FROM cum\n'
            if ((undefined(name='ordered') if l_0_ordered is missing else l_0_ordered) or (undefined(name='hierarchies') if l_0_hierarchies is missing else l_0_hierarchies)):
                pass
                yield '    WHERE dim IN ('
                yield str(t_1(context.eval_ctx, (undefined(name='categorical') if l_0_categorical is missing else l_0_categorical), ', '))
                yield ')\n'
            yield '    GROUP BY pid, dim\n), med_categorical AS (\n    SELECT pid, dim,\n           CASE WHEN nl_above IS NULL OR n - 2 * nl_below <= 2 * nl_above - n THEN s_below ELSE s_above END AS s,\n           CASE WHEN nl_above IS NULL OR n - 2 * nl_below <= 2 * nl_above - n THEN nl_below ELSE nl_above END AS nl,\n           n, rnk\n    FROM boundaries\n    WHERE nl_below IS NOT NULL OR nl_above IS NOT NULL\n'
        yield '), med AS (\n'
        if (undefined(name='ordered') if l_0_ordered is missing else l_0_ordered):
            pass
            yield '    SELECT pid, dim, s, nl, n, rnk FROM med_ordered\n'
        if ((undefined(name='ordered') if l_0_ordered is missing else l_0_ordered) and (undefined(name='categorical') if l_0_categorical is missing else l_0_categorical)):
            pass
            yield '    UNION ALL\n'
        if (undefined(name='categorical') if l_0_categorical is missing else l_0_categorical):
            pass
            yield '    SELECT pid, dim, s, nl, n, rnk FROM med_categorical\n'
        if ((undefined(name='hierarchies') if l_0_hierarchies is missing else l_0_hierarchies) and ((undefined(name='ordered') if l_0_ordered is missing else l_0_ordered) or (undefined(name='categorical') if l_0_categorical is missing else l_0_categorical))):
            pass
            yield '    UNION ALL\n'
        if (undefined(name='hierarchies') if l_0_hierarchies is missing else l_0_hierarchies):
            pass
            yield '    SELECT pid, dim, s, nl, n, rnk FROM med_hierarchy\n'
        if (undefined(name='privacy') if l_0_privacy is missing else l_0_privacy):
            pass
            l_0_sa_cases = []
            context.vars['sa_cases'] = l_0_sa_cases
            context.exported_vars.add('sa_cases')
            for l_1_a in environment.getattr((undefined(name='privacy') if l_0_privacy is missing else l_0_privacy), 'sensitive'):
                l_1__ = missing
                _loop_vars = {}
                pass
                l_1__ = context.call(environment.getattr((undefined(name='sa_cases') if l_0_sa_cases is missing else l_0_sa_cases), 'append'), str_join((' WHEN ', environment.getattr(l_1_a, 'index'), ' THEN x.s', environment.getattr(l_1_a, 'index'), )), _loop_vars=_loop_vars)
                _loop_vars['_'] = l_1__
            l_1_a = l_1__ = missing
            l_0_sa = (str_join(('x.s', environment.getattr(environment.getitem(environment.getattr((undefined(name='privacy') if l_0_privacy is missing else l_0_privacy), 'sensitive'), 0), 'index'), )) if (t_2(environment.getattr((undefined(name='privacy') if l_0_privacy is missing else l_0_privacy), 'sensitive')) == 1) else str_join(('CASE a.j', t_1(context.eval_ctx, (undefined(name='sa_cases') if l_0_sa_cases is missing else l_0_sa_cases), ''), ' END', )))
            context.vars['sa'] = l_0_sa
            context.exported_vars.add('sa')
            yield '), sides AS (\n    SELECT pid, dim, j, sa, child, SUM(n) AS c FROM (\n        SELECT m.pid, m.dim, '
            yield str((environment.getattr(environment.getitem(environment.getattr((undefined(name='privacy') if l_0_privacy is missing else l_0_privacy), 'sensitive'), 0), 'index') if (t_2(environment.getattr((undefined(name='privacy') if l_0_privacy is missing else l_0_privacy), 'sensitive')) == 1) else 'a.j'))
            yield ' AS j, '
            yield str((undefined(name='sa') if l_0_sa is missing else l_0_sa))
            yield ' AS sa, x.n,\n               CASE'
            def t_9(fiter):
                for l_1_d in fiter:
                    if environment.getattr(l_1_d, 'is_hierarchy'):
                        yield l_1_d
            for l_1_d in t_9((undefined(name='dims') if l_0_dims is missing else l_0_dims)):
                _loop_vars = {}
                pass
                yield ' WHEN m.dim = '
                yield str(environment.getattr(l_1_d, 'index'))
                yield ' THEN h'
                yield str(environment.getattr(l_1_d, 'index'))
                yield '.child_no'
            l_1_d = missing
            yield ' WHEN '
            yield str(context.call(environment.getattr((undefined(name='mm') if l_0_mm is missing else l_0_mm), 'dim_value'), 'm.dim', 'x', (undefined(name='dims') if l_0_dims is missing else l_0_dims)))
            yield ' <= m.s THEN 0 ELSE 1 END AS child\n        FROM med m JOIN '
            yield str(t_5(context, environment.getattr((undefined(name='privacy') if l_0_privacy is missing else l_0_privacy), 'work')))
            yield ' x ON x.pid = m.pid\n'
            def t_10(fiter):
                for l_1_d in fiter:
                    if environment.getattr(l_1_d, 'is_hierarchy'):
                        yield l_1_d
            for l_1_d in t_10((undefined(name='dims') if l_0_dims is missing else l_0_dims)):
                _loop_vars = {}
                pass
                yield '        LEFT JOIN '
                yield str(t_5(context, environment.getattr(l_1_d, 'nodes')))
                yield ' h'
                yield str(environment.getattr(l_1_d, 'index'))
                yield ' ON h'
                yield str(environment.getattr(l_1_d, 'index'))
                yield '.code = x.c'
                yield str(environment.getattr(l_1_d, 'index'))
                yield ' AND h'
                yield str(environment.getattr(l_1_d, 'index'))
                yield '.depth = x.h'
                yield str(environment.getattr(l_1_d, 'index'))
                yield ' + 1\n'
            l_1_d = missing
            if (t_2(environment.getattr((undefined(name='privacy') if l_0_privacy is missing else l_0_privacy), 'sensitive')) > 1):
                pass
                yield '        CROSS JOIN ('
                l_1_loop = missing
                for l_1_a, l_1_loop in LoopContext(environment.getattr((undefined(name='privacy') if l_0_privacy is missing else l_0_privacy), 'sensitive'), undefined):
                    _loop_vars = {}
                    pass
                    yield 'SELECT '
                    yield str(environment.getattr(l_1_a, 'index'))
                    yield ' AS j'
                    yield str((' UNION ALL ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 110 in 'mondrian/cuts.sql.j2' evaluated to false and no else section was defined.")))
                l_1_loop = l_1_a = missing
                yield ') a\n'
            yield '        WHERE m.nl >= '
            yield str((undefined(name='k') if l_0_k is missing else l_0_k))
            yield ' AND '
            if (undefined(name='hierarchies') if l_0_hierarchies is missing else l_0_hierarchies):
                pass
                yield '(m.n - m.nl >= '
                yield str((undefined(name='k') if l_0_k is missing else l_0_k))
                yield ' OR m.dim IN ('
                yield str(t_1(context.eval_ctx, (undefined(name='hierarchies') if l_0_hierarchies is missing else l_0_hierarchies), ', '))
                yield '))'
            else:
                pass
                yield 'm.n - m.nl >= '
                yield str((undefined(name='k') if l_0_k is missing else l_0_k))
            yield '\n    ) y\n    GROUP BY pid, dim, j, sa, child\n'
            if environment.getattr((undefined(name='privacy') if l_0_privacy is missing else l_0_privacy), 'l'):
                pass
                yield '), l_ok AS (\n    SELECT pid, dim FROM (SELECT pid, dim, j, child, COUNT(*) AS l FROM sides GROUP BY pid, dim, j, child) y\n    GROUP BY pid, dim HAVING MIN(l) >= '
                yield str(environment.getattr((undefined(name='privacy') if l_0_privacy is missing else l_0_privacy), 'l'))
                yield '\n'
            if (not t_8(environment.getattr((undefined(name='privacy') if l_0_privacy is missing else l_0_privacy), 't'))):
                pass
                l_0_equal = t_3(context.eval_ctx, t_4(context, t_6(context, environment.getattr((undefined(name='privacy') if l_0_privacy is missing else l_0_privacy), 'sensitive'), 'ordered'), attribute='index'))
                context.vars['equal'] = l_0_equal
                context.exported_vars.add('equal')
                l_0_ordered_sa = t_3(context.eval_ctx, t_4(context, t_7(context, environment.getattr((undefined(name='privacy') if l_0_privacy is missing else l_0_privacy), 'sensitive'), 'ordered'), attribute='index'))
                context.vars['ordered_sa'] = l_0_ordered_sa
                context.exported_vars.add('ordered_sa')
                yield '), child_sizes AS (\n    SELECT pid, dim, j, child, SUM(c) AS nc FROM sides GROUP BY pid, dim, j, child\n'
                if (undefined(name='equal') if l_0_equal is missing else l_0_equal):
                    pass
                    yield '), t_equal AS (\n    SELECT x.pid, x.dim, 0.5 * (SUM(ABS(CAST(x.c AS '
                    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
                    yield ') / z.nc - g.p)) + 1 - SUM(g.p)) AS t\n    FROM sides x JOIN child_sizes z ON z.pid = x.pid AND z.dim = x.dim AND z.j = x.j AND z.child = x.child\n    JOIN '
                    yield str(t_5(context, environment.getattr((undefined(name='privacy') if l_0_privacy is missing else l_0_privacy), 'shares')))
                    yield ' g ON g.j = x.j AND COALESCE(g.sa, 0) = COALESCE(x.sa, 0)\n    WHERE x.j IN ('
                    yield str(t_1(context.eval_ctx, (undefined(name='equal') if l_0_equal is missing else l_0_equal), ', '))
                    yield ')\n    GROUP BY x.pid, x.dim, x.j, x.child\n'
                if (undefined(name='ordered_sa') if l_0_ordered_sa is missing else l_0_ordered_sa):
                    pass
                    yield '), grid AS (\n    SELECT z.pid, z.dim, z.j, z.child, g.sa, g.f, COALESCE(x.c, 0) AS c\n    FROM child_sizes z\n    JOIN '
                    yield str(t_5(context, environment.getattr((undefined(name='privacy') if l_0_privacy is missing else l_0_privacy), 'shares')))
                    yield ' g ON g.j = z.j AND g.sa IS NOT NULL\n    LEFT JOIN sides x ON x.pid = z.pid AND x.dim = z.dim AND x.j = z.j AND x.child = z.child AND x.sa = g.sa\n    WHERE z.j IN ('
                    yield str(t_1(context.eval_ctx, (undefined(name='ordered_sa') if l_0_ordered_sa is missing else l_0_ordered_sa), ', '))
                    yield ')\n), cdfs AS (\n    SELECT pid, dim, j, child, f,\n           SUM(c) OVER (PARTITION BY pid, dim, j, child ORDER BY sa ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS cum,\n           SUM(c) OVER (PARTITION BY pid, dim, j, child) AS nc\n    FROM grid\n), t_ordered AS (\n    SELECT pid, dim, CASE WHEN COUNT(*) < 2 OR MAX(nc) = 0 THEN 0 ELSE SUM(ABS(CAST(cum AS '
                    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
                    yield ') / nc - f)) / (COUNT(*) - 1) END AS t\n    FROM cdfs GROUP BY pid, dim, j, child\n'
                yield '), t_ok AS (\n    SELECT pid, dim FROM (\n'
                if (undefined(name='equal') if l_0_equal is missing else l_0_equal):
                    pass
                    yield '        SELECT pid, dim, t FROM t_equal\n'
                if ((undefined(name='equal') if l_0_equal is missing else l_0_equal) and (undefined(name='ordered_sa') if l_0_ordered_sa is missing else l_0_ordered_sa)):
                    pass
                    yield '        UNION ALL\n'
                if (undefined(name='ordered_sa') if l_0_ordered_sa is missing else l_0_ordered_sa):
                    pass
                    yield '        SELECT pid, dim, t FROM t_ordered\n'
                yield '    ) y\n    GROUP BY pid, dim HAVING MAX(t) <= '
                yield str(environment.getattr((undefined(name='privacy') if l_0_privacy is missing else l_0_privacy), 't_bound'))
                yield '\n'
        yield '), allowed AS (\n    SELECT med.pid, med.dim, med.s, med.n, med.rnk FROM med\n'
        if ((undefined(name='privacy') if l_0_privacy is missing else l_0_privacy) and environment.getattr((undefined(name='privacy') if l_0_privacy is missing else l_0_privacy), 'l')):
            pass
            yield '    JOIN l_ok ON l_ok.pid = med.pid AND l_ok.dim = med.dim\n'
        if ((undefined(name='privacy') if l_0_privacy is missing else l_0_privacy) and (not t_8(environment.getattr((undefined(name='privacy') if l_0_privacy is missing else l_0_privacy), 't')))):
            pass
            yield '    JOIN t_ok ON t_ok.pid = med.pid AND t_ok.dim = med.dim\n'
        yield '    WHERE med.nl >= '
        yield str((undefined(name='k') if l_0_k is missing else l_0_k))
        yield ' AND '
        if (undefined(name='hierarchies') if l_0_hierarchies is missing else l_0_hierarchies):
            pass
            yield '(med.n - med.nl >= '
            yield str((undefined(name='k') if l_0_k is missing else l_0_k))
            yield ' OR med.dim IN ('
            yield str(t_1(context.eval_ctx, (undefined(name='hierarchies') if l_0_hierarchies is missing else l_0_hierarchies), ', '))
            yield '))'
        else:
            pass
            yield 'med.n - med.nl >= '
            yield str((undefined(name='k') if l_0_k is missing else l_0_k))
        yield '\n'
        if (undefined(name='all_ranks') if l_0_all_ranks is missing else l_0_all_ranks):
            pass
            yield '), allowable AS (\n    SELECT pid, dim, s, n, ROW_NUMBER() OVER (PARTITION BY pid ORDER BY rnk) AS pick FROM allowed\n)\nSELECT pid, dim, s, n FROM allowable WHERE pick = 1\n'
        else:
            pass
            yield ')\nSELECT pid, dim, s, n FROM allowed\n'

blocks = {}
debug_info = '20=76&21=78&22=81&23=84&24=87&25=90&27=94&29=96&30=99&34=106&35=110&37=118&39=121&40=123&43=125&47=128&48=131&55=134&59=137&60=140&64=143&70=146&71=149&83=153&86=156&89=159&92=162&95=165&98=168&99=170&100=180&103=184&104=188&105=204&106=206&107=214&109=227&110=231&112=241&116=255&119=258&121=260&122=262&123=265&126=269&128=272&130=274&131=276&134=278&138=281&140=283&147=285&152=288&155=291&158=294&162=298&167=301&170=304&173=308&175=322'