from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'risk/weighted_classes.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_weight = resolve('weight')
    l_0_t = resolve('t')
    l_0_relation = resolve('relation')
    l_0_qids = resolve('qids')
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
    yield 'SELECT sample_size, weight_sum, COUNT(*) AS classes\nFROM (\n  SELECT COUNT(*) AS sample_size, SUM(CAST('
    yield str(t_3(context, (undefined(name='weight') if l_0_weight is missing else l_0_weight)))
    yield ' AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
    yield ')) AS weight_sum\n  FROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))
    yield '\n  GROUP BY '
    yield str(t_1(context.eval_ctx, t_2(context, (undefined(name='qids') if l_0_qids is missing else l_0_qids), 'quote'), ', '))
    yield '\n) weighted\nGROUP BY sample_size, weight_sum'

blocks = {}
debug_info = '5=34&6=38&7=40'