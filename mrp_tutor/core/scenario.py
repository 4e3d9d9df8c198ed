"""What every game's scenario shares: the quiz and error-expectation models and the
pass-through properties.

A scenario file of any game (Mission: Red Planet's
:mod:`mrp_tutor.games.mission_red_planet.scenarios`, First
Martians' :mod:`mrp_tutor.games.first_martians.scenario_file`) has an id, a title, a lesson,
the rule ids it shows and an optional quiz; the app's lesson panels and the CLI read them through
:class:`ScenarioBase`, whatever the game.
"""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator


class ErrorExpectation(BaseModel):
    # a step that must be refused: the error's stable code and (optionally) its rule id (a
    # comment, not a docstring: the published JSON Schema of scenario files stays the same)
    model_config = ConfigDict(extra="forbid")

    code: str
    rule: str | None = None


class Quiz(BaseModel):
    model_config = ConfigDict(extra="forbid")

    question: str
    choices: list[str] = Field(min_length=2)
    answer: int = Field(ge=0, description="index of the right choice (0 = first)")
    explanation: str

    @model_validator(mode="after")
    def _answer_in_range(self) -> Quiz:
        if self.answer >= len(self.choices):
            raise ValueError(f"answer {self.answer} is not one of the {len(self.choices)} "
                             "choices (0-based)")
        return self


class ScenarioDocument(Protocol):
    """The fields every game's scenario document has."""

    @property
    def id(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def lesson(self) -> str: ...

    @property
    def rules(self) -> list[str]: ...

    @property
    def quiz(self) -> Quiz | None: ...


DocT = TypeVar("DocT", bound=ScenarioDocument)


class ScenarioBase(Generic[DocT]):
    """A loaded scenario of document ``doc``: its id, title, lesson, rules and quiz.

    The games' scenario classes are slotted dataclasses declaring ``doc`` (and what else they
    hold); this base adds no state.
    """

    __slots__ = ()
    doc: DocT

    @property
    def id(self) -> str:
        return self.doc.id

    @property
    def title(self) -> str:
        return self.doc.title

    @property
    def lesson(self) -> str:
        return self.doc.lesson

    @property
    def rules(self) -> list[str]:
        return self.doc.rules

    @property
    def quiz(self) -> Quiz | None:
        return self.doc.quiz
