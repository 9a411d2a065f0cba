from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'classes/class_size_histogram.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_presence = resolve('presence')
    l_0_qids = resolve('qids')
    l_0_relation = resolve('relation')
    try:
        t_1 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_2 = environment.filters['map']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'map' found.")
    try:
        t_3 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    yield 'SELECT class_size, has_null_qid, COUNT(*) AS n_classes\n'
    if (undefined(name='presence') if l_0_presence is missing else l_0_presence):
        pass
        l_1_loop = missing
        for l_1_q, l_1_loop in LoopContext((undefined(name='qids') if l_0_qids is missing else l_0_qids), undefined):
            _loop_vars = {}
            pass
            yield ', MAX(present_'
            yield str(environment.getattr(l_1_loop, 'index0'))
            yield ') AS present_'
            yield str(environment.getattr(l_1_loop, 'index0'))
        l_1_loop = l_1_q = missing
        yield '\n'
    yield 'FROM (\n  SELECT COUNT(*) AS class_size,\n    CASE WHEN '
    l_1_loop = missing
    for l_1_q, l_1_loop in LoopContext((undefined(name='qids') if l_0_qids is missing else l_0_qids), undefined):
        _loop_vars = {}
        pass
        yield str(t_3(context, l_1_q))
        yield ' IS NULL'
        yield str((' OR ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 14 in 'classes/class_size_histogram.sql.j2' evaluated to false and no else section was defined.")))
    l_1_loop = l_1_q = missing
    yield ' THEN 1 ELSE 0 END AS has_null_qid\n'
    if (undefined(name='presence') if l_0_presence is missing else l_0_presence):
        pass
        l_1_loop = missing
        for l_1_q, l_1_loop in LoopContext((undefined(name='qids') if l_0_qids is missing else l_0_qids), undefined):
            _loop_vars = {}
            pass
            yield '    , CASE WHEN '
            yield str(t_3(context, l_1_q))
            yield ' IS NULL THEN 0 ELSE 1 END AS present_'
            yield str(environment.getattr(l_1_loop, 'index0'))
            yield '\n'
        l_1_loop = l_1_q = missing
    yield '  FROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))
    yield '\n  GROUP BY '
    yield str(t_1(context.eval_ctx, t_2(context, (undefined(name='qids') if l_0_qids is missing else l_0_qids), 'quote'), ', '))
    yield '\n) classes\nGROUP BY class_size, has_null_qid'

blocks = {}
debug_info = '8=33&9=36&14=47&15=55&16=58&17=62&20=68&21=70'