from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/hierarchy_ancestors_of_chain.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_name = resolve('name')
    l_0_chain = resolve('chain')
    l_0_tree = resolve('tree')
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    yield 'INSERT INTO '
    yield str(t_1(context, (undefined(name='name') if l_0_name is missing else l_0_name)))
    yield ' (code, depth, child_no, share, parent_share, label)\nSELECT c.code, t.depth, t.child_no, t.share, t.parent_share, t.label\nFROM '
    yield str(t_1(context, (undefined(name='chain') if l_0_chain is missing else l_0_chain)))
    yield ' c JOIN '
    yield str(t_1(context, (undefined(name='tree') if l_0_tree is missing else l_0_tree)))
    yield ' t ON t.node = c.node'

blocks = {}
debug_info = '2=21&4=23'