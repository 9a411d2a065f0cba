from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/joined_labels.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_fn = resolve('fn')
    l_0_name = resolve('name')
    l_0_columns = resolve('columns')
    l_0_pieces = resolve('pieces')
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'create_temp_table_as'), (undefined(name='name') if l_0_name is missing else l_0_name)))
    yield '\nSELECT t0.pid, t0.partition_id\n'
    for (l_1_d, l_1_piece) in (undefined(name='columns') if l_0_columns is missing else l_0_columns):
        _loop_vars = {}
        pass
        yield '     , t'
        yield str(l_1_piece)
        yield '.lo'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ', t'
        yield str(l_1_piece)
        yield '.hi'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ', t'
        yield str(l_1_piece)
        yield '.gen'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '\n'
    l_1_d = l_1_piece = missing
    yield 'FROM '
    yield str(t_1(context, environment.getitem((undefined(name='pieces') if l_0_pieces is missing else l_0_pieces), 0)))
    yield ' t0\n'
    l_1_loop = missing
    for l_1_piece, l_1_loop in LoopContext((undefined(name='pieces') if l_0_pieces is missing else l_0_pieces)[1:], undefined):
        _loop_vars = {}
        pass
        yield 'JOIN '
        yield str(t_1(context, l_1_piece))
        yield ' t'
        yield str(environment.getattr(l_1_loop, 'index'))
        yield ' ON t'
        yield str(environment.getattr(l_1_loop, 'index'))
        yield '.pid = t0.pid\n'
    l_1_loop = l_1_piece = missing

blocks = {}
debug_info = '5=21&7=23&8=27&10=41&11=44&12=48'