"""Contains all the data models used in inputs/outputs"""

from .ag_ui_event import AgUiEvent
from .ag_ui_event_type import AgUiEventType
from .ag_ui_message import AgUiMessage
from .ag_ui_resume_entry import AgUiResumeEntry
from .ag_ui_resume_status import AgUiResumeStatus
from .ag_ui_run_agent_input import AgUiRunAgentInput
from .agent import Agent
from .agent_body import AgentBody
from .agent_build import AgentBuild
from .agent_build_status import AgentBuildStatus
from .agent_chat_request import AgentChatRequest
from .agent_create import AgentCreate
from .agent_deleted import AgentDeleted
from .agent_handoff_data import AgentHandoffData
from .agent_handoff_event import AgentHandoffEvent
from .agent_list import AgentList
from .agent_model import AgentModel
from .agent_result import AgentResult
from .agent_update import AgentUpdate
from .agent_version import AgentVersion
from .agent_version_list import AgentVersionList
from .api_key import ApiKey
from .api_key_create import ApiKeyCreate
from .api_key_location import ApiKeyLocation
from .api_provider_create import ApiProviderCreate
from .approval_decided_data import ApprovalDecidedData
from .approval_decided_event import ApprovalDecidedEvent
from .approval_decider import ApprovalDecider
from .approval_decider_kind import ApprovalDeciderKind
from .approval_decision import ApprovalDecision
from .approval_decision_request import ApprovalDecisionRequest
from .approval_decision_result import ApprovalDecisionResult
from .approval_requested_data import ApprovalRequestedData
from .approval_requested_event import ApprovalRequestedEvent
from .approval_status import ApprovalStatus
from .auth_api_key import AuthApiKey
from .auth_basic import AuthBasic
from .auth_bearer import AuthBearer
from .auth_none import AuthNone
from .auth_oauth2 import AuthOAuth2
from .auth_type import AuthType
from .build_status import BuildStatus
from .chat_completion import ChatCompletion
from .chat_completion_answer import ChatCompletionAnswer
from .chat_completion_choice import ChatCompletionChoice
from .chat_completion_chunk import ChatCompletionChunk
from .chat_completion_chunk_choice import ChatCompletionChunkChoice
from .chat_completion_content_part import ChatCompletionContentPart
from .chat_completion_delta import ChatCompletionDelta
from .chat_completion_finish_reason import ChatCompletionFinishReason
from .chat_completion_message import ChatCompletionMessage
from .chat_completion_request import ChatCompletionRequest
from .chat_completion_role import ChatCompletionRole
from .chat_completion_stream_options import ChatCompletionStreamOptions
from .chat_completion_usage import ChatCompletionUsage
from .chat_message import ChatMessage
from .chat_turn import ChatTurn
from .citation import Citation
from .copilot import Copilot
from .copilot_agent import CopilotAgent
from .copilot_agent_ref import CopilotAgentRef
from .copilot_body import CopilotBody
from .copilot_chat_request import CopilotChatRequest
from .copilot_create import CopilotCreate
from .copilot_deploy import CopilotDeploy
from .copilot_deploy_result import CopilotDeployResult
from .copilot_deployment import CopilotDeployment
from .copilot_deployment_list import CopilotDeploymentList
from .copilot_deployment_summary import CopilotDeploymentSummary
from .copilot_followup import CopilotFollowup
from .copilot_list import CopilotList
from .copilot_rollback import CopilotRollback
from .copilot_sdk_ui import CopilotSdkUi
from .copilot_snapshot import CopilotSnapshot
from .copilot_update import CopilotUpdate
from .copilot_with_auth import CopilotWithAuth
from .copilot_workflow_ref import CopilotWorkflowRef
from .cors_settings import CorsSettings
from .created_api_key import CreatedApiKey
from .deploy_from import DeployFrom
from .deploy_target import DeployTarget
from .deployment_source import DeploymentSource
from .discovery_status import DiscoveryStatus
from .embeddings_config import EmbeddingsConfig
from .embeddings_config_update import EmbeddingsConfigUpdate
from .embeddings_status import EmbeddingsStatus
from .environment import Environment
from .error_detail import ErrorDetail
from .execution_status import ExecutionStatus
from .experiment_assign import ExperimentAssign
from .experiment_assignment import ExperimentAssignment
from .exposure import Exposure
from .exposure_body import ExposureBody
from .exposure_create import ExposureCreate
from .exposure_deleted import ExposureDeleted
from .exposure_list import ExposureList
from .exposure_target import ExposureTarget
from .exposure_target_type import ExposureTargetType
from .exposure_update import ExposureUpdate
from .final_run_status import FinalRunStatus
from .free_form_object import FreeFormObject
from .frequency import Frequency
from .group import Group
from .group_create import GroupCreate
from .group_envelope import GroupEnvelope
from .group_list import GroupList
from .group_update import GroupUpdate
from .health import Health
from .hook_accepted import HookAccepted
from .hook_payload import HookPayload
from .http_method import HttpMethod
from .import_result import ImportResult
from .import_skipped import ImportSkipped
from .json_object import JsonObject
from .json_schema import JsonSchema
from .json_schema_document import JsonSchemaDocument
from .kb_content_type import KbContentType
from .kb_document import KbDocument
from .kb_document_body import KbDocumentBody
from .kb_document_create import KbDocumentCreate
from .kb_document_deleted import KbDocumentDeleted
from .kb_document_list import KbDocumentList
from .kb_document_progress import KbDocumentProgress
from .kb_document_status import KbDocumentStatus
from .kb_document_upload import KbDocumentUpload
from .kb_ref import KbRef
from .kb_search_hit import KbSearchHit
from .kb_search_result import KbSearchResult
from .kb_text_type import KbTextType
from .knowledge_base import KnowledgeBase
from .knowledge_base_body import KnowledgeBaseBody
from .knowledge_base_chunking import KnowledgeBaseChunking
from .knowledge_base_chunking_settings import KnowledgeBaseChunkingSettings
from .knowledge_base_create import KnowledgeBaseCreate
from .knowledge_base_deleted import KnowledgeBaseDeleted
from .knowledge_base_list import KnowledgeBaseList
from .knowledge_base_update import KnowledgeBaseUpdate
from .limit_values import LimitValues
from .mcp_credential_env import McpCredentialEnv
from .mcp_env import McpEnv
from .mcp_headers import McpHeaders
from .mcp_http_input import McpHttpInput
from .mcp_provider_create import McpProviderCreate
from .mcp_stdio_arg import McpStdioArg
from .mcp_stdio_input import McpStdioInput
from .mcp_transport import McpTransport
from .memory import Memory
from .memory_body import MemoryBody
from .memory_create import MemoryCreate
from .memory_deleted import MemoryDeleted
from .memory_deleted_data import MemoryDeletedData
from .memory_deleted_event import MemoryDeletedEvent
from .memory_list import MemoryList
from .memory_saved_data import MemorySavedData
from .memory_saved_event import MemorySavedEvent
from .memory_search_mode import MemorySearchMode
from .message_activity import MessageActivity
from .message_completed_data import MessageCompletedData
from .message_completed_event import MessageCompletedEvent
from .message_delta_data import MessageDeltaData
from .message_delta_event import MessageDeltaEvent
from .message_list import MessageList
from .message_role import MessageRole
from .model_config import ModelConfig
from .model_config_update import ModelConfigUpdate
from .model_provider_config import ModelProviderConfig
from .model_provider_config_update import ModelProviderConfigUpdate
from .model_provider_name import ModelProviderName
from .model_providers import ModelProviders
from .model_providers_update import ModelProvidersUpdate
from .multitask_strategy import MultitaskStrategy
from .oauth_authorization import OAuthAuthorization
from .oauth_connected import OAuthConnected
from .open_ai_error import OpenAIError
from .open_ai_error_body import OpenAIErrorBody
from .open_ai_model import OpenAIModel
from .open_ai_model_kind import OpenAIModelKind
from .open_ai_model_list import OpenAIModelList
from .openapi_document import OpenApiDocument
from .org_limits import OrgLimits
from .org_limits_update import OrgLimitsUpdate
from .organization import Organization
from .organization_apply_result import OrganizationApplyResult
from .organization_create import OrganizationCreate
from .organization_document import OrganizationDocument
from .organization_document_metadata import OrganizationDocumentMetadata
from .organization_document_request import OrganizationDocumentRequest
from .organization_document_spec import OrganizationDocumentSpec
from .organization_plan import OrganizationPlan
from .owner_kind import OwnerKind
from .placeholder_status import PlaceholderStatus
from .placeholder_values import PlaceholderValues
from .plan_action import PlanAction
from .plan_change import PlanChange
from .plan_deployment import PlanDeployment
from .plan_field_change import PlanFieldChange
from .plan_object import PlanObject
from .plan_placeholder import PlanPlaceholder
from .plan_problem import PlanProblem
from .plan_summary import PlanSummary
from .problem import Problem
from .problem_field import ProblemField
from .prompt_block import PromptBlock
from .prompt_block_body import PromptBlockBody
from .prompt_block_create import PromptBlockCreate
from .prompt_block_deleted import PromptBlockDeleted
from .prompt_block_list import PromptBlockList
from .prompt_block_pins import PromptBlockPins
from .prompt_block_result import PromptBlockResult
from .prompt_block_update import PromptBlockUpdate
from .prompt_block_version import PromptBlockVersion
from .prompt_block_version_list import PromptBlockVersionList
from .provider_type import ProviderType
from .ready import Ready
from .ready_checks import ReadyChecks
from .rebuild import Rebuild
from .rebuild_agent import RebuildAgent
from .rebuild_failed_agent import RebuildFailedAgent
from .rebuild_mcp_error import RebuildMcpError
from .rebuild_only import RebuildOnly
from .rebuild_provider_counts import RebuildProviderCounts
from .rebuild_scope import RebuildScope
from .rebuild_tools import RebuildTools
from .recurrence import Recurrence
from .response_error import ResponseError
from .response_object import ResponseObject
from .response_output_message import ResponseOutputMessage
from .response_output_text import ResponseOutputText
from .response_request import ResponseRequest
from .response_status import ResponseStatus
from .response_stream_event import ResponseStreamEvent
from .response_token_details import ResponseTokenDetails
from .response_usage import ResponseUsage
from .run_approval import RunApproval
from .run_cancelled_data import RunCancelledData
from .run_cancelled_event import RunCancelledEvent
from .run_completed_data import RunCompletedData
from .run_completed_event import RunCompletedEvent
from .run_error import RunError
from .run_event_list import RunEventList
from .run_failed_data import RunFailedData
from .run_failed_event import RunFailedEvent
from .run_started_data import RunStartedData
from .run_started_event import RunStartedEvent
from .run_status import RunStatus
from .run_trigger import RunTrigger
from .run_usage import RunUsage
from .runtime_auth_provider import RuntimeAuthProvider
from .schedule_notify import ScheduleNotify
from .schedule_status import ScheduleStatus
from .session_create import SessionCreate
from .session_refresh import SessionRefresh
from .session_tokens import SessionTokens
from .sort_order import SortOrder
from .step_input_object import StepInputObject
from .step_status import StepStatus
from .step_type import StepType
from .sync_result import SyncResult
from .thread import Thread
from .thread_body import ThreadBody
from .thread_list import ThreadList
from .token_endpoint_auth_method import TokenEndpointAuthMethod
from .tool import Tool
from .tool_body import ToolBody
from .tool_call_kind import ToolCallKind
from .tool_called_data import ToolCalledData
from .tool_called_event import ToolCalledEvent
from .tool_create import ToolCreate
from .tool_execute import ToolExecute
from .tool_execution import ToolExecution
from .tool_input import ToolInput
from .tool_list import ToolList
from .tool_provider import ToolProvider
from .tool_provider_auth import ToolProviderAuth
from .tool_provider_body import ToolProviderBody
from .tool_provider_discovery import ToolProviderDiscovery
from .tool_provider_list import ToolProviderList
from .tool_provider_mcp import ToolProviderMcp
from .tool_provider_result import ToolProviderResult
from .tool_provider_update import ToolProviderUpdate
from .tool_result import ToolResult
from .tool_result_data import ToolResultData
from .tool_result_event import ToolResultEvent
from .tool_update import ToolUpdate
from .tools_auth import ToolsAuth
from .tools_auth_catalog import ToolsAuthCatalog
from .tools_auth_entry import ToolsAuthEntry
from .tools_auth_provider import ToolsAuthProvider
from .trigger import Trigger
from .trigger_body import TriggerBody
from .trigger_create import TriggerCreate
from .trigger_deleted import TriggerDeleted
from .trigger_input import TriggerInput
from .trigger_list import TriggerList
from .trigger_target import TriggerTarget
from .trigger_target_type import TriggerTargetType
from .trigger_update import TriggerUpdate
from .trigger_verification import TriggerVerification
from .trigger_verification_info import TriggerVerificationInfo
from .trigger_verification_type import TriggerVerificationType
from .turn_kind import TurnKind
from .turn_run import TurnRun
from .turn_run_body import TurnRunBody
from .turn_run_list import TurnRunList
from .turn_run_request import TurnRunRequest
from .turn_run_result import TurnRunResult
from .turn_step import TurnStep
from .turn_usage import TurnUsage
from .usage_group import UsageGroup
from .usage_group_by import UsageGroupBy
from .usage_report import UsageReport
from .usage_totals import UsageTotals
from .user import User
from .user_create import UserCreate
from .user_envelope import UserEnvelope
from .user_list import UserList
from .user_update import UserUpdate
from .vote import Vote
from .vote_body import VoteBody
from .vote_request import VoteRequest
from .vote_value import VoteValue
from .webhook import Webhook
from .webhook_body import WebhookBody
from .webhook_create import WebhookCreate
from .webhook_deleted import WebhookDeleted
from .webhook_delivery import WebhookDelivery
from .webhook_delivery_body import WebhookDeliveryBody
from .webhook_delivery_list import WebhookDeliveryList
from .webhook_delivery_status import WebhookDeliveryStatus
from .webhook_event_type import WebhookEventType
from .webhook_list import WebhookList
from .webhook_status import WebhookStatus
from .webhook_update import WebhookUpdate
from .weekday import Weekday
from .widget_position import WidgetPosition
from .workflow import Workflow
from .workflow_body import WorkflowBody
from .workflow_create import WorkflowCreate
from .workflow_input import WorkflowInput
from .workflow_list import WorkflowList
from .workflow_run import WorkflowRun
from .workflow_run_body import WorkflowRunBody
from .workflow_run_list import WorkflowRunList
from .workflow_run_request import WorkflowRunRequest
from .workflow_run_step import WorkflowRunStep
from .workflow_schedule import WorkflowSchedule
from .workflow_schedule_body import WorkflowScheduleBody
from .workflow_schedule_create import WorkflowScheduleCreate
from .workflow_schedule_list import WorkflowScheduleList
from .workflow_schedule_update import WorkflowScheduleUpdate
from .workflow_step import WorkflowStep
from .workflow_step_stored import WorkflowStepStored
from .workflow_update import WorkflowUpdate

__all__ = (
    "AgUiEvent",
    "AgUiEventType",
    "AgUiMessage",
    "AgUiResumeEntry",
    "AgUiResumeStatus",
    "AgUiRunAgentInput",
    "Agent",
    "AgentBody",
    "AgentBuild",
    "AgentBuildStatus",
    "AgentChatRequest",
    "AgentCreate",
    "AgentDeleted",
    "AgentHandoffData",
    "AgentHandoffEvent",
    "AgentList",
    "AgentModel",
    "AgentResult",
    "AgentUpdate",
    "AgentVersion",
    "AgentVersionList",
    "ApiKey",
    "ApiKeyCreate",
    "ApiKeyLocation",
    "ApiProviderCreate",
    "ApprovalDecidedData",
    "ApprovalDecidedEvent",
    "ApprovalDecider",
    "ApprovalDeciderKind",
    "ApprovalDecision",
    "ApprovalDecisionRequest",
    "ApprovalDecisionResult",
    "ApprovalRequestedData",
    "ApprovalRequestedEvent",
    "ApprovalStatus",
    "AuthApiKey",
    "AuthBasic",
    "AuthBearer",
    "AuthNone",
    "AuthOAuth2",
    "AuthType",
    "BuildStatus",
    "ChatCompletion",
    "ChatCompletionAnswer",
    "ChatCompletionChoice",
    "ChatCompletionChunk",
    "ChatCompletionChunkChoice",
    "ChatCompletionContentPart",
    "ChatCompletionDelta",
    "ChatCompletionFinishReason",
    "ChatCompletionMessage",
    "ChatCompletionRequest",
    "ChatCompletionRole",
    "ChatCompletionStreamOptions",
    "ChatCompletionUsage",
    "ChatMessage",
    "ChatTurn",
    "Citation",
    "Copilot",
    "CopilotAgent",
    "CopilotAgentRef",
    "CopilotBody",
    "CopilotChatRequest",
    "CopilotCreate",
    "CopilotDeploy",
    "CopilotDeployResult",
    "CopilotDeployment",
    "CopilotDeploymentList",
    "CopilotDeploymentSummary",
    "CopilotFollowup",
    "CopilotList",
    "CopilotRollback",
    "CopilotSdkUi",
    "CopilotSnapshot",
    "CopilotUpdate",
    "CopilotWithAuth",
    "CopilotWorkflowRef",
    "CorsSettings",
    "CreatedApiKey",
    "DeployFrom",
    "DeployTarget",
    "DeploymentSource",
    "DiscoveryStatus",
    "EmbeddingsConfig",
    "EmbeddingsConfigUpdate",
    "EmbeddingsStatus",
    "Environment",
    "ErrorDetail",
    "ExecutionStatus",
    "ExperimentAssign",
    "ExperimentAssignment",
    "Exposure",
    "ExposureBody",
    "ExposureCreate",
    "ExposureDeleted",
    "ExposureList",
    "ExposureTarget",
    "ExposureTargetType",
    "ExposureUpdate",
    "FinalRunStatus",
    "FreeFormObject",
    "Frequency",
    "Group",
    "GroupCreate",
    "GroupEnvelope",
    "GroupList",
    "GroupUpdate",
    "Health",
    "HookAccepted",
    "HookPayload",
    "HttpMethod",
    "ImportResult",
    "ImportSkipped",
    "JsonObject",
    "JsonSchema",
    "JsonSchemaDocument",
    "KbContentType",
    "KbDocument",
    "KbDocumentBody",
    "KbDocumentCreate",
    "KbDocumentDeleted",
    "KbDocumentList",
    "KbDocumentProgress",
    "KbDocumentStatus",
    "KbDocumentUpload",
    "KbRef",
    "KbSearchHit",
    "KbSearchResult",
    "KbTextType",
    "KnowledgeBase",
    "KnowledgeBaseBody",
    "KnowledgeBaseChunking",
    "KnowledgeBaseChunkingSettings",
    "KnowledgeBaseCreate",
    "KnowledgeBaseDeleted",
    "KnowledgeBaseList",
    "KnowledgeBaseUpdate",
    "LimitValues",
    "McpCredentialEnv",
    "McpEnv",
    "McpHeaders",
    "McpHttpInput",
    "McpProviderCreate",
    "McpStdioArg",
    "McpStdioInput",
    "McpTransport",
    "Memory",
    "MemoryBody",
    "MemoryCreate",
    "MemoryDeleted",
    "MemoryDeletedData",
    "MemoryDeletedEvent",
    "MemoryList",
    "MemorySavedData",
    "MemorySavedEvent",
    "MemorySearchMode",
    "MessageActivity",
    "MessageCompletedData",
    "MessageCompletedEvent",
    "MessageDeltaData",
    "MessageDeltaEvent",
    "MessageList",
    "MessageRole",
    "ModelConfig",
    "ModelConfigUpdate",
    "ModelProviderConfig",
    "ModelProviderConfigUpdate",
    "ModelProviderName",
    "ModelProviders",
    "ModelProvidersUpdate",
    "MultitaskStrategy",
    "OAuthAuthorization",
    "OAuthConnected",
    "OpenAIError",
    "OpenAIErrorBody",
    "OpenAIModel",
    "OpenAIModelKind",
    "OpenAIModelList",
    "OpenApiDocument",
    "OrgLimits",
    "OrgLimitsUpdate",
    "Organization",
    "OrganizationApplyResult",
    "OrganizationCreate",
    "OrganizationDocument",
    "OrganizationDocumentMetadata",
    "OrganizationDocumentRequest",
    "OrganizationDocumentSpec",
    "OrganizationPlan",
    "OwnerKind",
    "PlaceholderStatus",
    "PlaceholderValues",
    "PlanAction",
    "PlanChange",
    "PlanDeployment",
    "PlanFieldChange",
    "PlanObject",
    "PlanPlaceholder",
    "PlanProblem",
    "PlanSummary",
    "Problem",
    "ProblemField",
    "PromptBlock",
    "PromptBlockBody",
    "PromptBlockCreate",
    "PromptBlockDeleted",
    "PromptBlockList",
    "PromptBlockPins",
    "PromptBlockResult",
    "PromptBlockUpdate",
    "PromptBlockVersion",
    "PromptBlockVersionList",
    "ProviderType",
    "Ready",
    "ReadyChecks",
    "Rebuild",
    "RebuildAgent",
    "RebuildFailedAgent",
    "RebuildMcpError",
    "RebuildOnly",
    "RebuildProviderCounts",
    "RebuildScope",
    "RebuildTools",
    "Recurrence",
    "ResponseError",
    "ResponseObject",
    "ResponseOutputMessage",
    "ResponseOutputText",
    "ResponseRequest",
    "ResponseStatus",
    "ResponseStreamEvent",
    "ResponseTokenDetails",
    "ResponseUsage",
    "RunApproval",
    "RunCancelledData",
    "RunCancelledEvent",
    "RunCompletedData",
    "RunCompletedEvent",
    "RunError",
    "RunEventList",
    "RunFailedData",
    "RunFailedEvent",
    "RunStartedData",
    "RunStartedEvent",
    "RunStatus",
    "RunTrigger",
    "RunUsage",
    "RuntimeAuthProvider",
    "ScheduleNotify",
    "ScheduleStatus",
    "SessionCreate",
    "SessionRefresh",
    "SessionTokens",
    "SortOrder",
    "StepInputObject",
    "StepStatus",
    "StepType",
    "SyncResult",
    "Thread",
    "ThreadBody",
    "ThreadList",
    "TokenEndpointAuthMethod",
    "Tool",
    "ToolBody",
    "ToolCallKind",
    "ToolCalledData",
    "ToolCalledEvent",
    "ToolCreate",
    "ToolExecute",
    "ToolExecution",
    "ToolInput",
    "ToolList",
    "ToolProvider",
    "ToolProviderAuth",
    "ToolProviderBody",
    "ToolProviderDiscovery",
    "ToolProviderList",
    "ToolProviderMcp",
    "ToolProviderResult",
    "ToolProviderUpdate",
    "ToolResult",
    "ToolResultData",
    "ToolResultEvent",
    "ToolUpdate",
    "ToolsAuth",
    "ToolsAuthCatalog",
    "ToolsAuthEntry",
    "ToolsAuthProvider",
    "Trigger",
    "TriggerBody",
    "TriggerCreate",
    "TriggerDeleted",
    "TriggerInput",
    "TriggerList",
    "TriggerTarget",
    "TriggerTargetType",
    "TriggerUpdate",
    "TriggerVerification",
    "TriggerVerificationInfo",
    "TriggerVerificationType",
    "TurnKind",
    "TurnRun",
    "TurnRunBody",
    "TurnRunList",
    "TurnRunRequest",
    "TurnRunResult",
    "TurnStep",
    "TurnUsage",
    "UsageGroup",
    "UsageGroupBy",
    "UsageReport",
    "UsageTotals",
    "User",
    "UserCreate",
    "UserEnvelope",
    "UserList",
    "UserUpdate",
    "Vote",
    "VoteBody",
    "VoteRequest",
    "VoteValue",
    "Webhook",
    "WebhookBody",
    "WebhookCreate",
    "WebhookDeleted",
    "WebhookDelivery",
    "WebhookDeliveryBody",
    "WebhookDeliveryList",
    "WebhookDeliveryStatus",
    "WebhookEventType",
    "WebhookList",
    "WebhookStatus",
    "WebhookUpdate",
    "Weekday",
    "WidgetPosition",
    "Workflow",
    "WorkflowBody",
    "WorkflowCreate",
    "WorkflowInput",
    "WorkflowList",
    "WorkflowRun",
    "WorkflowRunBody",
    "WorkflowRunList",
    "WorkflowRunRequest",
    "WorkflowRunStep",
    "WorkflowSchedule",
    "WorkflowScheduleBody",
    "WorkflowScheduleCreate",
    "WorkflowScheduleList",
    "WorkflowScheduleUpdate",
    "WorkflowStep",
    "WorkflowStepStored",
    "WorkflowUpdate",
)
