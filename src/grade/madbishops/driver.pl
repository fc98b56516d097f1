/*  driver.pl (Mad Bishops' part of the driver, after
    src/grade/prolog/engine.pl): runs a student's Mad Bishops program for
    the grader.  Invocation, limits, loading, `fatal`, the answers other
    than `ok` and what the program cannot do are the engine's (see Go's
    part, src/grade/go/driver.pl, for the whole protocol); this part is
    the game's interface:

        valid_moves(+Board, +Player, -ListOfMoves)
        move(+Move, +Board, -NewBoard)
        game_over(+Board, -Winner)
        display_game(+Board, +Player)

    Board is the report's list of 10 rows of 10 integers (0 light square,
    1 empty, 2 red, 3 blue) on the wire; the program is given it in its
    own cells when they are found out (see THE PROGRAM'S BOARD), and the
    boards it returns are read through them.  Player and moves are the program's own: the
    grader finds out which (players as 1/2, 2/3 or red/blue; a move as any
    term with exactly four integers, [FR,FC,TR,TC], move(point(R,C),
    point(R2,C2)), R-C-R2-C2, ...).

    hello: `hello driver=madbishops/1 swipl=V cells=numbers board=TEXT
    module=M
    predicates=P encoding=E out=N load_us=N load_warnings=N load_errors=N
    [renamed=...] [shims=...] [message=TEXT]`; board= is the cells found
    in words, escaped, spaces as \u{20} (`numbers` when none were).

    Queries (BOARD: 100 characters 0-3, row by row from the top left;
    PLAYER: an integer or a plain lowercase atom; SHAPE: the move term
    with the variables A, B, C, D for its four integers, to the end of
    the line):

        moves ID PLAYER BOARD             valid_moves(Board, Player, Moves)
        apply ID A B C D BOARD SHAPE      move(Move, Board, New)
        over ID BOARD                     game_over(Board, Winner)
        display ID PLAYER BOARD           display_game(Board, Player)

    Answers (STATS as the engine's; cells=numbers):

        ok ID moves N LIST STATS message=SHAPE
                                          moves: N moves, LIST `-` or
                                          `a.b.c.d;...` (each move's four
                                          integers in the order the term
                                          has them), SHAPE the first
                                          move's term as above
        ok ID board BOARD STATS           apply: the new board
        ok ID winner STATS message=WINNER over: the winner as written by
                                          writeq (`_` when unbound)
        ok ID printed STATS message=TEXT  display: what it printed (up to
                                          about 16000 characters, escaped)

    A moves answer is `bad` when the list is not a proper list (at most
    5000 moves), a move has not exactly four integers, or the moves are
    not all of one shape; an apply answer when the board is not 10 rows
    of 10 integers 0..3.
*/

%   After loading: the board is given as numbers on the wire; the
%   program's own cells are found out (see "The program's board" below)
%   and hello's board= says what was found.
game_loaded(Module, Stats) :-
    nb_setval('asalto_prolog_driver.cells', numbers),
    nb_setval('asalto_prolog_driver.board_map', none),
    find_board_map(Module, Text),
    field_text(Text, Field),
    format(string(Fields), "cells=numbers board=~w", [Field]),
    hello('madbishops/1', Fields, Module, Stats).

                 /*******************************
                 *      THE PROGRAM'S BOARD     *
                 *******************************/

%   Programs write their board in their own cells (atoms x e r b, strings,
%   other numbers): the start position is looked for in the program, as a
%   literal in one of its clauses (initial_board([[x,r,...],...])) or as
%   what a predicate of one argument named like a board (board, start,
%   init, tabuleiro, ...) gives, run under the limits.  The start has
%   every dark square taken, so it gives light, red and blue; the empty
%   cell is seen on the board move/3 gives for the first move
%   valid_moves/3 lists at the start.  Found, every board sent is written
%   in these cells and every board read back is read through them; not
%   found (or the report's 0 2 3 found), boards are the report's numbers.
%   Under an adapter that defines a predicate of the assignment, boards
%   are the adapter's numbers.
find_board_map(Module, Text) :-
    (   nb_getval('asalto_prolog_driver.graded', Graded),
        memberchk(graded(_, asalto_prolog_driver_adapter, _, _), Graded)
    ->  Text = "numbers"
    ;   catch(start_board(Module, Board, Source, L, R, B), _, fail)
    ->  (   L == 0, R == 2, B == 3
        ->  Text = "numbers"
        ;   catch(empty_cell(Board, L, R, B, E), _, fail)
        ->  nb_setval('asalto_prolog_driver.board_map', map(L, E, R, B)),
            cells_kind([L, E, R, B], Kind),
            format(string(Text), "~w ~q light, ~q empty, ~q red, ~q blue (from ~w)",
                   [Kind, L, E, R, B, Source])
        ;   format(string(Text), "numbers (a start board with ~q light, ~q red, ~q blue found in ~w, but no empty cell seen: valid_moves/3 and move/3 on it gave none; boards are sent as numbers)",
                   [L, R, B, Source])
        )
    ;   Text = "numbers"
    ).

cells_kind(Cells, Kind) :-
    (   maplist(atom, Cells) -> Kind = atoms
    ;   maplist(string, Cells) -> Kind = strings
    ;   maplist(number, Cells) -> Kind = numbers
    ;   Kind = terms
    ).

%   No spaces in a hello field: \u{20} (the grader unescapes it).
field_text(Text, Field) :-
    escape_text(Text, 400, Esc),
    split_string(Esc, " ", "", Parts),
    atomic_list_concat(Parts, '\\u{20}', Field).

start_board(Module, Board, Source, L, R, B) :-
    (   program_pred(Module, _, Head),
        catch(clause(Head, Body), _, fail),
        sub_term(Board, Head-Body),
        start_layout(Board, L, R, B)
    ->  Head = _:H,
        functor(H, N, A),
        pi_text(N, A, Source)
    ;   program_pred(Module, _, Head),
        Head = M:H,
        functor(H, N, 1),
        board_name(N),
        limits(Secs0, Infs),
        Secs is min(Secs0, 2),
        run_limited(isolated(M:H), Secs, Infs, Result, _),
        Result == true,
        arg(1, H, Board),
        start_layout(Board, L, R, B)
    ->  pi_text(N, 1, Source)
    ).

%   The program's own predicates (its module's and user's), as M:Head.
program_pred(Module, Name/Arity, M:Head) :-
    sort([Module, user], Ms),
    member(M, Ms),
    current_predicate(M:Name/Arity),
    functor(Head, Name, Arity),
    \+ predicate_property(M:Head, imported_from(_)),
    \+ predicate_property(M:Head, foreign).

board_name(Name) :-
    downcase_atom(Name, D),
    member(W, [board, start, init, tabuleiro, tablero, inicial, plateau, grid]),
    sub_atom(D, _, _, _, W),
    !.

%   The engine's start (Board::report_setup): light where row + column is
%   even, red on the other squares of even rows (from 0), blue on those of
%   odd rows; three distinct ground cells.
start_layout(Board, L, R, B) :-
    is_list(Board),
    length(Board, 10),
    forall(member(Row, Board), ( is_list(Row), length(Row, 10) )),
    Board = [[L, R|_], [B|_]|_],
    ground(L-R-B),
    L \== R, L \== B, R \== B,
    forall(( nth0(Ri, Board, Row), nth0(Ci, Row, X) ),
           ( start_cell(Ri, Ci, L, R, B, V), X == V )).

start_cell(Ri, Ci, L, R, B, V) :-
    (   (Ri + Ci) mod 2 =:= 0 -> V = L
    ;   Ri mod 2 =:= 0 -> V = R
    ;   V = B
    ).

empty_cell(Board, L, R, B, E) :-
    graded_defined(valid_moves/3),
    graded_defined(move/3),
    limits(Secs, Infs),
    list_to_set([red, blue, r, b, 1, 2, 3, R, B, white, black, 0], Players),
    member(P, Players),
    graded_goal(valid_moves(Board, P, Moves), G1),
    run_limited(isolated(G1), Secs, Infs, true, _),
    is_list(Moves),
    Moves = [Move|_],
    graded_goal(move(Move, Board, New), G2),
    run_limited(isolated(G2), Secs, Infs, true, _),
    is_list(New),
    length(New, 10),
    maplist(is_list, New),
    append(New, Cells),
    exclude([X]>>( X == L ; X == R ; X == B ), Cells, Others),
    Others = [E|_],
    ground(E),
    forall(member(O, Others), O == E),
    !.

%   The report's codes (0..3) to the program's cells, and back.
to_program(Rows0, Rows) :-
    (   nb_current('asalto_prolog_driver.board_map', Map),
        Map = map(_, _, _, _)
    ->  maplist(maplist(code_cell(Map)), Rows0, Rows)
    ;   Rows = Rows0
    ).

code_cell(map(L, _, _, _), 0, L).
code_cell(map(_, E, _, _), 1, E).
code_cell(map(_, _, R, _), 2, R).
code_cell(map(_, _, _, B), 3, B).

%   A row of the program's cells as codes (fails when it is not 10 cells).
row_codes(Row, Codes) :-
    is_list(Row),
    length(Row, 10),
    (   nb_current('asalto_prolog_driver.board_map', Map),
        Map = map(_, _, _, _)
    ->  maplist(cell_code(Map), Row, Codes)
    ;   maplist([X]>>(integer(X), X >= 0, X =< 3), Row),
        Codes = Row
    ).

cell_code(map(L, E, R, B), X, N) :-
    (   X == L -> N = 0
    ;   X == E -> N = 1
    ;   X == R -> N = 2
    ;   X == B -> N = 3
    ).

cells_expected(Text) :-
    (   nb_current('asalto_prolog_driver.board_map', Map),
        Map = map(L, E, R, B)
    ->  format(string(Text), "10 cells ~q ~q ~q ~q", [L, E, R, B])
    ;   Text = "10 integers 0..3"
    ).

assignment_predicate(valid_moves/3).
assignment_predicate(move/3).
assignment_predicate(game_over/2).
assignment_predicate(display_game/2).

parse_query(["moves", Id, PlayerS, BoardS], moves(Id, Player, Board)) :-
    player_arg(PlayerS, Player),
    board_arg(BoardS, Board).
parse_query(["apply", Id, AS, BS, CS, DS, BoardS|ShapeWords],
            apply(Id, [A, B, C, D], Board, Shape)) :-
    maplist(int_arg, [AS, BS, CS, DS], [A, B, C, D]),
    board_arg(BoardS, Board),
    ShapeWords \== [],
    atomic_list_concat(ShapeWords, ' ', Shape).
parse_query(["over", Id, BoardS], over(Id, Board)) :-
    board_arg(BoardS, Board).
parse_query(["display", Id, PlayerS, BoardS], display(Id, Player, Board)) :-
    player_arg(PlayerS, Player),
    board_arg(BoardS, Board).

query_problem(["moves"|Args], P) :- !,
    (   Args = [_, PlayerS, BoardS]
    ->  arg_problem([player-PlayerS, board-BoardS], P)
    ;   P = "moves needs: moves ID PLAYER BOARD"
    ).
query_problem(["apply"|Args], P) :- !,
    (   Args = [_, AS, BS, CS, DS, BoardS, _|_]
    ->  arg_problem([int-AS, int-BS, int-CS, int-DS, board-BoardS], P)
    ;   P = "apply needs: apply ID A B C D BOARD SHAPE"
    ).
query_problem(["over"|Args], P) :- !,
    (   Args = [_, BoardS]
    ->  arg_problem([board-BoardS], P)
    ;   P = "over needs: over ID BOARD"
    ).
query_problem(["display"|Args], P) :- !,
    (   Args = [_, PlayerS, BoardS]
    ->  arg_problem([player-PlayerS, board-BoardS], P)
    ;   P = "display needs: display ID PLAYER BOARD"
    ).
query_problem([Cmd|_], P) :-
    format(string(P), "unknown query `~w' (moves, apply, over, display or quit)", [Cmd]).

arg_ok(player, S) :- player_arg(S, _).
arg_ok(int, S) :- int_arg(S, _).
arg_ok(board, S) :- board_arg(S, _).

arg_expect(player, "an integer or a lowercase atom").
arg_expect(int, "an integer").
arg_expect(board, "100 characters of 0 1 2 3").

player_arg(S, P) :-
    (   int_arg(S, P)
    ->  true
    ;   string_length(S, L),
        L =< 40,
        string_codes(S, [C|Cs]),
        code_type(C, lower),
        forall(member(X, Cs), ( code_type(X, alnum) ; X == 0'_ )),
        atom_string(P, S)
    ).

board_arg(S, Rows) :-
    string_length(S, 100),
    string_codes(S, Codes),
    maplist(board_code, Codes, Cells),
    rows10(Cells, Rows0),
    to_program(Rows0, Rows).

board_code(C, N) :-
    C >= 0'0, C =< 0'3,
    N is C - 0'0.

rows10([], []).
rows10(Cells, [Row|Rows]) :-
    length(Row, 10),
    append(Row, Rest, Cells),
    rows10(Rest, Rows).

answer(moves(Id, Player, Board)) :-
    (   graded_defined(valid_moves/3)
    ->  attempt([numbers], moves_goal(Player, Board), moves, Id)
    ;   missing(Id, valid_moves/3)
    ).
answer(apply(Id, Ints, Board, ShapeText)) :-
    (   graded_defined(move/3)
    ->  (   shaped_move(ShapeText, Ints, Move)
        ->  attempt([numbers], apply_goal(Move, Board), board, Id)
        ;   invalid(Id, "the move's SHAPE is not a term with the variables A, B, C, D")
        )
    ;   missing(Id, move/3)
    ).
answer(over(Id, Board)) :-
    (   graded_defined(game_over/2)
    ->  attempt([numbers], over_goal(Board), winner, Id)
    ;   missing(Id, game_over/2)
    ).
answer(display(Id, Player, Board)) :-
    (   graded_defined(display_game/2)
    ->  limits(Secs, Infs),
        graded_goal(display_game(Board, Player), Goal),
        run_captured(isolated(Goal), Secs, Infs, R, Stats, Text),
        (   R == true
        ->  format(string(S), "cells=numbers tries=1 out=~d us=~d cpu_us=~d inferences=~d",
                   [Stats.out, Stats.us, Stats.cpu_us, Stats.inferences]),
            escape_text(Text, 16000, Esc),
            format(string(Line), "ok ~w printed ~w message=~w", [Id, S, Esc]),
            emit(Line)
        ;   outcome(display, R, none, numbers, Stats, O),
            report(Id, O, 1)
        )
    ;   missing(Id, display_game/2)
    ).

shaped_move(ShapeText, [A, B, C, D], Move) :-
    catch(term_string(Move, ShapeText, [variable_names(Vs)]), _, fail),
    memberchk('A'=A, Vs),
    memberchk('B'=B, Vs),
    memberchk('C'=C, Vs),
    memberchk('D'=D, Vs).

:- public moves_goal/5, apply_goal/5, over_goal/4.
moves_goal(Player, Board, _Style, Goal, Moves) :-
    graded_goal(valid_moves(Board, Player, Moves), Goal).
apply_goal(Move, Board, _Style, Goal, New) :-
    graded_goal(move(Move, Board, New), Goal).
over_goal(Board, _Style, Goal, Winner) :-
    graded_goal(game_over(Board, Winner), Goal).

check_answer(moves, Moves, moves(N, List, Shape)) :-
    is_list(Moves),
    length(Moves, N),
    N =< 5000,
    (   Moves == []
    ->  List = "-",
        Shape = "none"
    ;   Moves = [First|_],
        move_shape(First, Shape0, _),
        maplist(same_shape(Shape0), Moves, Ints),
        maplist(ints_text, Ints, Texts),
        atomic_list_concat(Texts, ';', List),
        shape_text(Shape0, Shape)
    ).
check_answer(board, Board, board(String)) :-
    is_list(Board),
    length(Board, 10),
    maplist(row_codes, Board, Rows),
    append(Rows, Cells),
    maplist([N, C]>>(C is 0'0 + N), Cells, Codes),
    string_codes(String, Codes).
check_answer(winner, W, winner(Text)) :-
    (   var(W)
    ->  Text = "_"
    ;   term_text(W, Text)
    ).

%   The move term with its integers replaced by variables, and the
%   integers; exactly four.
move_shape(Move, Shape, Ints) :-
    nonvar(Move),
    shape(Move, Shape, Ints, []),
    length(Ints, 4).

shape(T, _, [T|Is], Is) :-
    integer(T), !.
shape(T, T, Is, Is) :-
    atomic(T), !.
shape(T, S, Is0, Is) :-
    compound(T),
    T =.. [F|Args],
    shape_args(Args, SArgs, Is0, Is),
    S =.. [F|SArgs].

shape_args([], [], Is, Is).
shape_args([A|As], [S|Ss], Is0, Is) :-
    shape(A, S, Is0, Is1),
    shape_args(As, Ss, Is1, Is).

same_shape(Shape0, Move, Ints) :-
    move_shape(Move, Shape, Ints),
    Shape =@= Shape0.

ints_text([A, B, C, D], T) :-
    format(atom(T), "~d.~d.~d.~d", [A, B, C, D]).

shape_text(Shape, Text) :-
    copy_term(Shape, S),
    term_variables(S, [A, B, C, D]),
    format(string(Text), "~W",
           [S, [quoted(true), variable_names(['A'=A, 'B'=B, 'C'=C, 'D'=D])]]).

ok_line(moves(N, List, Shape), Id, S, L) :-
    escape_text(Shape, Esc),
    format(string(L), "ok ~w moves ~d ~w ~w message=~w", [Id, N, List, S, Esc]).
ok_line(board(Board), Id, S, L) :-
    format(string(L), "ok ~w board ~w ~w", [Id, Board, S]).
ok_line(winner(Text), Id, S, L) :-
    escape_text(Text, Esc),
    format(string(L), "ok ~w winner ~w message=~w", [Id, S, Esc]).

describe_bad(moves, Moves, Why) :-
    (   var(Moves)
    ->  Why = "the list of moves is an unbound variable"
    ;   \+ is_list(Moves)
    ->  term_text(Moves, T),
        format(string(Why), "the moves are not a list: ~w", [T])
    ;   length(Moves, N), N > 5000
    ->  format(string(Why), "~d moves: more than any position has", [N])
    ;   Moves = [First|_], \+ move_shape(First, _, _)
    ->  term_text(First, T),
        format(string(Why), "the move ~w does not hold exactly four integers (from row and column, to row and column)", [T])
    ;   Moves = [First|_], move_shape(First, Shape0, _),
        member(M, Moves), \+ same_shape(Shape0, M, _)
    ->  term_text(First, T1),
        term_text(M, T2),
        format(string(Why), "the moves are not all written alike: ~w and ~w", [T1, T2])
    ;   Why = "the list of moves cannot be read"
    ).
describe_bad(board, B, Why) :-
    (   var(B)
    ->  Why = "the new board is an unbound variable"
    ;   \+ is_list(B)
    ->  term_text(B, T),
        format(string(Why), "the new board is not a list: ~w", [T])
    ;   length(B, N), N =\= 10
    ->  format(string(Why), "the new board has ~d rows, not 10", [N])
    ;   nth0(R, B, Row), \+ row_codes(Row, _)
    ->  term_text(Row, T),
        cells_expected(Want),
        format(string(Why), "row ~d (from 0) is not ~w: ~w", [R, Want, T])
    ;   Why = "the new board cannot be read"
    ).
describe_bad(winner, _, "the winner cannot be read").
