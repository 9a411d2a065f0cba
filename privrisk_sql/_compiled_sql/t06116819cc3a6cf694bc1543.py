from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mpuccs/identification_events.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_key = resolve('key')
    l_0_columns = resolve('columns')
    l_0_events = resolve('events')
    l_0_syn = resolve('syn')
    l_0_ori = resolve('ori')
    l_0_radix = resolve('radix')
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
    pass
    yield 'SELECT e.first_match, e.syn_rid,\n'
    if (undefined(name='key') if l_0_key is missing else l_0_key):
        pass
        yield '  s.key_value AS syn_key, o.key_value AS ori_key,\n'
    l_1_loop = missing
    for l_1_c, l_1_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
        _loop_vars = {}
        pass
        if environment.getattr(l_1_c, 'starts'):
            pass
            yield '  CASE WHEN e.first_match - e.first_match % '
            yield str(t_2(context, (undefined(name='radix') if l_0_radix is missing else l_0_radix)))
            yield ' IN ('
            yield str(t_1(context.eval_ctx, t_3(context, environment.getattr(l_1_c, 'starts'), 'literal'), ', '))
            yield ')\n    THEN s.'
            yield str(t_4(context, environment.getattr(l_1_c, 'alias')))
            yield ' END AS '
            yield str(t_4(context, environment.getattr(l_1_c, 'alias')))
            yield str((',' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 13 in 'mpuccs/identification_events.sql.j2' evaluated to false and no else section was defined.")))
            yield '\n'
        else:
            pass
            yield '  NULL AS '
            yield str(t_4(context, environment.getattr(l_1_c, 'alias')))
            yield str((',' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 15 in 'mpuccs/identification_events.sql.j2' evaluated to false and no else section was defined.")))
            yield '\n'
    l_1_loop = l_1_c = missing
    yield '\nFROM '
    yield str(t_4(context, (undefined(name='events') if l_0_events is missing else l_0_events)))
    yield ' e\nJOIN '
    yield str(t_4(context, (undefined(name='syn') if l_0_syn is missing else l_0_syn)))
    yield ' s ON s.rid = e.syn_rid\n'
    if (undefined(name='key') if l_0_key is missing else l_0_key):
        pass
        yield 'JOIN '
        yield str(t_4(context, (undefined(name='ori') if l_0_ori is missing else l_0_ori)))
        yield ' o ON o.rid = e.first_match % '
        yield str(t_2(context, (undefined(name='radix') if l_0_radix is missing else l_0_radix)))
        yield '\n'
    yield 'ORDER BY e.first_match - e.first_match % '
    yield str(t_2(context, (undefined(name='radix') if l_0_radix is missing else l_0_radix)))
    yield ', e.syn_rid'

blocks = {}
debug_info = '7=42&10=46&11=49&12=52&13=56&15=64&19=69&20=71&21=73&22=76&24=81'